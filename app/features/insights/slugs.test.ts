import { describe, expect, it } from "vitest";
import { MAX_SLUG_LENGTH, isReservedSlug, numberedSlug, slugify } from "./slugs";

describe("slugify", () => {
  it.each([
    ["Plain words", "Lean Operations Playbook", "lean-operations-playbook"],
    ["accents", "Café Ménage à Trois", "cafe-menage-a-trois"],
    ["German", "Straße und Größe", "strasse-und-grosse"],
    ["Nordic and ligatures", "Ærø Œuvre Łódź", "aero-oeuvre-lodz"],
    ["Turkish dotless i", "Kırmızı", "kirmizi"],
    ["Vietnamese", "Tiếng Việt", "tieng-viet"],
    ["ampersand", "Plan & Execute", "plan-and-execute"],
    ["apostrophes join their word", "Don't Stop — It’s 2026!", "dont-stop-its-2026"],
    [
      "punctuation runs become one hyphen",
      "Q3: Costs, Risks... & More?!",
      "q3-costs-risks-and-more",
    ],
    ["leading and trailing separators", "  --Hello, World!--  ", "hello-world"],
    ["digits kept", "10 KPIs for 2027", "10-kpis-for-2027"],
    ["no letters left", "!!! ??? ...", ""],
    ["script with no ASCII form", "業務効率", ""],
    ["emoji dropped", "Growth 🚀 Plan", "growth-plan"],
    ["control characters separate", "Line\none\ttwo", "line-one-two"],
  ])("%s: %j → %j", (_case, title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("cuts a long title between words, within the limit", () => {
    const title =
      "Operational efficiency is built one process at a time across every team in the firm";
    const slug = slugify(title);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toBe("operational-efficiency-is-built-one-process-at-a-time-across");
    expect(title.toLowerCase().replaceAll(" ", "-").startsWith(slug)).toBe(true);
  });

  it("cuts one very long word at the limit", () => {
    expect(slugify("a".repeat(100))).toBe("a".repeat(MAX_SLUG_LENGTH));
  });

  it("is stable: a slug slugifies to itself", () => {
    for (const slug of ["lean-operations", "q3-costs", "a"]) expect(slugify(slug)).toBe(slug);
  });
});

describe("numberedSlug", () => {
  it.each([
    ["lean-ops", 1, "lean-ops"],
    ["lean-ops", 2, "lean-ops-2"],
    ["lean-ops", 10, "lean-ops-10"],
  ])("%s #%i → %s", (base, n, slug) => {
    expect(numberedSlug(base, n)).toBe(slug);
  });

  it("keeps a numbered long slug within the limit, cut between words", () => {
    const base = slugify("Operational efficiency is built one process at a time across every team");
    const numbered = numberedSlug(base, 12);
    expect(numbered.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(numbered).toMatch(/^operational-efficiency-[a-z-]+[a-z]-12$/);
  });
});

describe("isReservedSlug", () => {
  it.each([
    ["3f1c0d2e-8b7a-4c3d-9e2f-1a2b3c4d5e6f", true],
    ["lean-operations", false],
    ["3f1c0d2e-8b7a-4c3d-9e2f", false],
    ["subscribe", true],
    ["unsubscribe", true],
    ["subscribe-2", false],
  ])("%s → %s", (slug, reserved) => {
    expect(isReservedSlug(slug)).toBe(reserved);
  });
});
