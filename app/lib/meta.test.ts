import { describe, expect, test } from "vitest";
import { pageMeta } from "./meta";
import type { SiteConfig } from "./site-config";

const site: SiteConfig = {
  brand: "Keelstone Operations",
  email: "hello@keelstone.example.com",
  phone: "+1 (303) 555-0142",
  address: "Denver",
  origin: "https://www.keelstone.example.com",
  timeZone: "America/Denver",
};

const args = {
  matches: [{ id: "root", loaderData: { site } }],
  location: { pathname: "/team", search: "" },
};

const page = { title: "Team", description: "Who leads every engagement." };

/** The sharing tags, as `name: content`, in the order they are emitted. */
function sharingTags(image?: Parameters<typeof pageMeta>[1]["image"]) {
  return pageMeta(args, { ...page, image }).flatMap((tag) => {
    const { property, name, content } = tag as Record<string, unknown>;
    const key = property ?? name;
    return typeof key === "string" && /^(og:image|twitter:(card|image))/.test(key)
      ? [`${key}: ${String(content)}`]
      : [];
  });
}

describe("pageMeta's sharing image", () => {
  test.each([
    ["no image", undefined, ["twitter:card: summary"]],
    [
      "an image by its address, made absolute",
      "/images/cover.jpg",
      [
        "twitter:card: summary_large_image",
        "og:image: https://www.keelstone.example.com/images/cover.jpg",
        "twitter:image: https://www.keelstone.example.com/images/cover.jpg",
      ],
    ],
    [
      "an image described in full",
      { url: "/share-cards/page-team-abcdefg.png", width: 1200, height: 630, alt: "The Team" },
      [
        "twitter:card: summary_large_image",
        "og:image: https://www.keelstone.example.com/share-cards/page-team-abcdefg.png",
        "og:image:width: 1200",
        "og:image:height: 630",
        "og:image:alt: The Team",
        "twitter:image: https://www.keelstone.example.com/share-cards/page-team-abcdefg.png",
        "twitter:image:alt: The Team",
      ],
    ],
    [
      "an image elsewhere, kept as it is",
      { url: "https://cdn.example.com/a.png", width: 1200, height: 630, alt: "A" },
      [
        "twitter:card: summary_large_image",
        "og:image: https://cdn.example.com/a.png",
        "og:image:width: 1200",
        "og:image:height: 630",
        "og:image:alt: A",
        "twitter:image: https://cdn.example.com/a.png",
        "twitter:image:alt: A",
      ],
    ],
  ])("with %s", (_, image, expected) => {
    expect(sharingTags(image)).toEqual(expected);
  });

  test("is left out of a page kept out of search indexes", () => {
    const tags = pageMeta(args, { ...page, indexable: false, image: "/images/cover.jpg" });
    expect(JSON.stringify(tags)).not.toContain("og:image");
  });
});

describe("a page's <title>", () => {
  test("is its own title and the brand", () => {
    const tags = pageMeta(args, { ...page, title: "Mapping cash flow" });
    expect(tags).toContainEqual({ title: "Mapping cash flow | Keelstone Operations" });
  });
});
