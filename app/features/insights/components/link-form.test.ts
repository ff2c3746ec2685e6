import { describe, expect, test } from "vitest";
import { hrefFrom } from "./link-form";

describe("hrefFrom", () => {
  test.each([
    ["https://example.com/page", "https://example.com/page"],
    ["  http://example.com  ", "http://example.com"],
    ["mailto:ops@example.com", "mailto:ops@example.com"],
    ["tel:+15555550100", "tel:+15555550100"],
    ["/insights/lean-hand-offs", "/insights/lean-hand-offs"],
    ["#section", "#section"],
    // A domain typed without its scheme is the site, not a path on this one.
    ["example.com", "https://example.com"],
    ["www.example.com/field-notes?x=1", "https://www.example.com/field-notes?x=1"],
  ])("%j links to %j", (typed, href) => {
    expect(hrefFrom(typed)).toEqual({ href });
  });

  test.each([
    [""],
    ["   "],
    ["javascript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["data:text/html,x"],
  ])("%j is refused with a message", (typed) => {
    expect(hrefFrom(typed)).toEqual({ problem: expect.stringMatching(/\S/) });
  });
});
