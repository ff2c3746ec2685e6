import { describe, expect, it } from "vitest";
import { mentionsAddress } from "./personal-data.server";

const ADDRESS = "Ana@Example.com";

describe("an erased address found in free text", () => {
  it.each([
    ["alone", "ana@example.com", true],
    ["in another case", "Write to ANA@EXAMPLE.COM today", true],
    ["in angle brackets", "Ana <ana@example.com>", true],
    ["after mailto:", "mailto:ana@example.com", true],
    ["at the end of a sentence", "It was ana@example.com.", true],
    ["in a referrer's path", "https://mail.example.net/u/0/ana@example.com", true],
    ["as a query value", "https://crm.example.net/?email=ana@example.com&x=1", true],
    ["after a query's ? alone", "https://crm.example.net/?ana@example.com", true],
    ["in a fragment", "https://crm.example.net/#ana@example.com", true],
    ["the tail of a longer local part", "dana@example.com", false],
    ["after a dot in the local part", "maria.ana@example.com", false],
    ["plus-addressed to someone else", "bob+ana@example.com", false],
    ["the head of a longer domain", "ana@example.com.au", false],
    ["the head of a hyphenated domain", "ana@example.com-mail.net", false],
  ])("%s", (_case, text, found) => {
    expect(mentionsAddress(text, ADDRESS)).toBe(found);
  });
});
