import { describe, expect, test } from "vitest";
import { normaliseLinkPreviews } from "./link-previews";

describe("normaliseLinkPreviews", () => {
  test.each([
    ["absent", undefined],
    ["null", null],
    ["malformed JSON text", "[{"],
    ["JSON text of an object", '{"url":"https://example.org"}'],
    ["an object", { url: "https://example.org" }],
    ["a number", 3],
  ])("%s gives an empty list", (_label, stored) => {
    expect(normaliseLinkPreviews(stored)).toEqual([]);
  });

  test("reads JSON text as stored in the column", () => {
    expect(normaliseLinkPreviews('[{"url":"https://example.org/x","title":"X"}]')).toHaveLength(1);
  });

  test("keeps a complete preview as it is", () => {
    const preview = {
      url: "https://research.example.org/report",
      image: "https://research.example.org/cover.png",
      title: "The report",
      description: "What we found.",
      domain: "research.example.org",
    };
    expect(normaliseLinkPreviews([preview])).toEqual([preview]);
  });

  test("fills the title and domain from the URL and nulls what is missing", () => {
    expect(normaliseLinkPreviews([{ url: "https://www.example.com/a" }])).toEqual([
      {
        url: "https://www.example.com/a",
        image: null,
        title: "example.com",
        description: null,
        domain: "example.com",
      },
    ]);
  });

  test.each([
    ["javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["//evil.example/x.png"],
    ["/\\evil.example/x.png"],
    ["ftp://example.org/x.png"],
    [42],
  ])("drops the image %j", (image) => {
    const [preview] = normaliseLinkPreviews([{ url: "https://example.org", title: "t", image }]);
    expect(preview?.image).toBeNull();
  });

  test("keeps an image on this site", () => {
    const [preview] = normaliseLinkPreviews([
      { url: "https://example.org", image: "/images/previews/flow.svg" },
    ]);
    expect(preview?.image).toBe("/images/previews/flow.svg");
  });

  test.each([["javascript:alert(1)"], ["not a url"], [""], [null], ["mailto:a@example.org"]])(
    "drops an entry whose url is %j",
    (url) => {
      expect(normaliseLinkPreviews([{ url, title: "t" }, "text", null, 7])).toEqual([]);
    },
  );
});
