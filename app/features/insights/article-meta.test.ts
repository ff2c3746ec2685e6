import { describe, expect, test } from "vitest";
import { articleMeta, type ArticleForMeta } from "./article-meta";

const site = {
  brand: "Northwind Ops",
  email: "hello@example.org",
  phone: "+1 555 0100",
  address: "1 Main St",
  origin: "https://www.example.org",
  timeZone: "America/Denver",
};
const post: ArticleForMeta = {
  id: "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b",
  slug: "hand-offs",
  title: "Hand-offs that hold",
  metaTitle: null,
  excerpt: "Where work waits between teams.",
  metaDescription: null,
  author: "Dana Reyes",
  tags: ["Operations", "Teams"],
  publishedDate: new Date("2026-03-01T09:00:00Z"),
  updatedAt: new Date("2026-03-04T10:30:00Z"),
};
const cover = { url: "/media/covers/7.webp", width: 1200, height: 630, alt: "A relay baton" };

describe("articleMeta", () => {
  test("describes the article at its slug, with the site's names and absolute addresses", () => {
    expect(articleMeta(post, cover, site)).toEqual({
      title: "Hand-offs that hold",
      description: "Where work waits between teams.",
      canonicalPath: "/insights/hand-offs",
      type: "article",
      image: cover,
      article: {
        publishedTime: "2026-03-01T09:00:00.000Z",
        modifiedTime: "2026-03-04T10:30:00.000Z",
        author: "Dana Reyes",
        tags: ["Operations", "Teams"],
      },
      breadcrumbs: [
        { name: "Home", path: "/" },
        { name: "Insights", path: "/insights" },
        { name: "Hand-offs that hold", path: "/insights/hand-offs" },
      ],
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: "Hand-offs that hold",
        description: "Where work waits between teams.",
        datePublished: "2026-03-01T09:00:00.000Z",
        dateModified: "2026-03-04T10:30:00.000Z",
        author: { "@type": "Person", name: "Dana Reyes" },
        publisher: {
          "@type": "Organization",
          name: "Northwind Ops",
          url: "https://www.example.org",
          logo: {
            "@type": "ImageObject",
            url: "https://www.example.org/icon-512x512.png",
            width: 512,
            height: 512,
          },
        },
        mainEntityOfPage: "https://www.example.org/insights/hand-offs",
        keywords: "Operations, Teams",
        image: "https://www.example.org/media/covers/7.webp",
      },
    });
  });

  test.each([
    {
      name: "the search title and description, when the admin wrote them",
      metaTitle: "Hand-offs",
      metaDescription: "Short.",
      title: "Hand-offs",
      description: "Short.",
    },
    {
      name: "the search title without a brand suffix typed into it, which pageMeta adds",
      metaTitle: "Hand-offs | northwind ops",
      metaDescription: "Short.",
      title: "Hand-offs",
      description: "Short.",
    },
    {
      name: "the title and excerpt, when the search fields are empty",
      metaTitle: "",
      metaDescription: "",
      title: "Hand-offs that hold",
      description: "Where work waits between teams.",
    },
  ])("headline and description: $name", ({ metaTitle, metaDescription, title, description }) => {
    const described = articleMeta({ ...post, metaTitle, metaDescription }, cover, site);
    expect(described).toMatchObject({ title, description });
    expect(described.jsonLd).toMatchObject({ headline: title, description });
  });

  test("an author on the team is named by their part of the Team page", () => {
    const described = articleMeta({ ...post, author: "Dana Whitfield" }, cover, site);
    expect(described.article?.author).toBe("/team#dana-whitfield");
    expect(described.jsonLd?.author).toEqual({
      "@type": "Person",
      name: "Dana Whitfield",
      url: "https://www.example.org/team#dana-whitfield",
    });
  });

  test("dates that crossed to the browser as strings read the same", () => {
    const crossed = {
      ...post,
      publishedDate: "2026-03-01T09:00:00.000Z",
      updatedAt: "2026-03-04T10:30:00.000Z",
    };
    expect(articleMeta(crossed, cover, site).jsonLd).toEqual(articleMeta(post, cover, site).jsonLd);
  });

  test("a post without a slug lives at its id; without tags it names no keywords", () => {
    const { jsonLd, canonicalPath } = articleMeta({ ...post, slug: null, tags: [] }, cover, site);
    expect(canonicalPath).toBe(`/insights/${post.id}`);
    expect(jsonLd).toMatchObject({
      mainEntityOfPage: `https://www.example.org/insights/${post.id}`,
    });
    expect(jsonLd?.keywords).toBeUndefined();
  });

  test("without the site's config, addresses stay paths and no publisher is named", () => {
    const { jsonLd } = articleMeta(post, cover, undefined);
    expect(jsonLd).toMatchObject({ mainEntityOfPage: "/insights/hand-offs" });
    expect(jsonLd?.publisher).toBeUndefined();
    expect(jsonLd?.image).toBeUndefined();
  });
});
