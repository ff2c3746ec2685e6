import { describe, expect, test } from "vitest";
import { canonicalPathOf } from "./canonical-address";

describe("the canonical address of a fixed page", () => {
  test.each([
    ["/solutions/", "/solutions"],
    ["/SOLUTIONS", "/solutions"],
    ["/Team", "/team"],
    ["/contact/", "/contact"],
    ["/contact//", "/contact"],
    ["/Insights/", "/insights"],
    ["/Privacy-Policy", "/privacy-policy"],
    ["/efficiency-assessment/", "/efficiency-assessment"],
    ["/Book/", "/book"],
  ])("%s moves to %s", (asked, canonical) => {
    expect(canonicalPathOf(asked)).toBe(canonical);
  });

  test.each([
    // Already canonical.
    "/",
    "/solutions",
    "/insights",
    // Not a fixed page: an article's slug, a report's token, a file's name are theirs to spell.
    "/insights/Some-Post",
    "/assessment-report/AbC123",
    "/book/2026-12-01T16:00:00Z",
    "/share-cards/Home.png",
    "/admin/Auth",
    "/nowhere/",
  ])("%s stays", (asked) => {
    expect(canonicalPathOf(asked)).toBeNull();
  });
});
