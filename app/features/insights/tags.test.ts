import { describe, expect, test } from "vitest";
import { formatTags, parseTags } from "./tags";

describe("parseTags", () => {
  test.each([
    ["", []],
    ["   ", []],
    [",,, ,", []],
    ["Operations", ["Operations"]],
    ["Operations, Hiring", ["Operations", "Hiring"]],
    ["  Operations  ,Hiring  ", ["Operations", "Hiring"]],
    ["Operations,,Hiring,", ["Operations", "Hiring"]],
    ["Operations, operations, OPERATIONS", ["Operations"]],
    ["ops, Ops , Hiring, ops", ["ops", "Hiring"]],
    ["supply   chain, supply chain", ["supply chain"]],
    ["a,\tb\n, c", ["a", "b", "c"]],
    ["Process design; workflow", ["Process design; workflow"]],
    ["Café, CAFÉ, 運営", ["Café", "運営"]],
  ])("%j gives %j", (input, expected) => {
    expect(parseTags(input)).toEqual(expected);
  });

  test("formatting and parsing again gives the same tags", () => {
    const tags = ["Operations", "Hiring", "Supply chain"];
    expect(parseTags(formatTags(tags))).toEqual(tags);
  });
});
