import { describe, expect, test } from "vitest";
import { brandedTitle, withoutBrandSuffix } from "./meta-title";

const brand = "Keelstone Operations";

describe("the brand suffix of a post's <title>", () => {
  test.each([
    ["a title without it gets it", "Mapping cash flow", "Mapping cash flow | Keelstone Operations"],
    [
      "a title typed with it keeps it once",
      "Mapping cash flow | Keelstone Operations",
      "Mapping cash flow | Keelstone Operations",
    ],
    [
      "typed in other spacing and case, still once",
      "Mapping cash flow|keelstone operations  ",
      "Mapping cash flow | Keelstone Operations",
    ],
    [
      "the brand elsewhere in the title is the title's own",
      "Keelstone Operations at ten years",
      "Keelstone Operations at ten years | Keelstone Operations",
    ],
  ])("%s", (_, title, rendered) => {
    expect(brandedTitle(title, brand)).toBe(rendered);
  });

  test("the suffix a staff member typed is left off what is stored", () => {
    expect(withoutBrandSuffix("Cash flow | Keelstone Operations", brand)).toBe("Cash flow");
    expect(withoutBrandSuffix("Cash flow", brand)).toBe("Cash flow");
    // A brand with the characters of a pattern is matched as text.
    expect(withoutBrandSuffix("Notes | A+B (Ops)", "A+B (Ops)")).toBe("Notes");
    expect(withoutBrandSuffix("Notes | AAB (Ops)", "A+B (Ops)")).toBe("Notes | AAB (Ops)");
  });
});
