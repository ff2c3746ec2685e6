import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import type { PostSummary } from "../queries.server";
import { PostCard } from "./post-card";

const post: PostSummary = {
  id: "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
  slug: "harbour-logistics",
  title: "Harbour logistics",
  excerpt: "How one port cut its dwell time.",
  previewLink: null,
  author: "Dana Whitfield",
  readTime: "4 min read",
  tags: [],
  featured: false,
  publishedDate: new Date(Date.UTC(2026, 10, 1)),
  updatedAt: new Date(Date.UTC(2026, 10, 1)),
  linkPreviews: [],
  cover: { id: "c0ffee", width: 2000, height: 1250, alt: "Cranes over a harbour" },
};

// The card shows its date in the firm's zone, which it reads from the root route's data.
function coverImage(card: React.ReactNode) {
  const Page = createRoutesStub([{ id: "root", path: "/", Component: () => card }]);
  const site = { timeZone: "America/Denver" };
  const markup = renderToStaticMarkup(<Page hydrationData={{ loaderData: { root: { site } } }} />);
  return /<img [^>]*>/.exec(markup)?.[0] ?? "";
}

describe("a card's cover", () => {
  // On a phone the list's first card fills the first screen: its cover is the page's largest
  // paint, which a lazy image would hold back until layout.
  test("is fetched at once, and first, on the card that leads the list", () => {
    const image = coverImage(<PostCard post={post} headingLevel={3} leadsList />);
    expect(image).toContain('loading="eager"');
    expect(image).toContain('fetchPriority="high"');
  });

  test("waits until it nears the screen on every other card", () => {
    const image = coverImage(<PostCard post={post} headingLevel={3} />);
    expect(image).toContain('loading="lazy"');
    expect(image).not.toContain("fetchPriority");
  });
});
