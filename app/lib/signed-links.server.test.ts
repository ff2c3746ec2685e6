import { describe, expect, test } from "vitest";
import { linkSignatureMatches, signLinkValue } from "./signed-links.server";

const secret = "a-test-secret-of-at-least-thirty-two-characters";
const signature = signLinkValue("report", "visit-1", secret);
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Every signature one character away from this one. */
function oneCharacterAway(signed: string) {
  return [...signed].flatMap((current, index) =>
    [...alphabet]
      .filter((replacement) => replacement !== current)
      .map((replacement) => `${signed.slice(0, index)}${replacement}${signed.slice(index + 1)}`),
  );
}

describe("link signatures", () => {
  test("are 43 base64url characters that match their purpose and value", () => {
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(linkSignatureMatches("report", "visit-1", signature, secret)).toBe(true);
  });

  test.each<[label: string, purpose: string, value: string, given: string, key: string]>([
    ["another value", "report", "visit-2", signature, secret],
    ["another purpose", "manage", "visit-1", signature, secret],
    ["another secret", "report", "visit-1", signature, `${secret}!`],
    ["the value moved into the purpose", "report:visit-1", "", signature, secret],
    ["a character short", "report", "visit-1", signature.slice(0, -1), secret],
    ["a character more", "report", "visit-1", `${signature}A`, secret],
    ["padded", "report", "visit-1", `${signature}=`, secret],
    ["empty", "report", "visit-1", "", secret],
  ])("refuse %s", (_label, purpose, value, given, key) => {
    expect(linkSignatureMatches(purpose, value, given, key)).toBe(false);
  });

  test("refuse every change of one character, the last one's too", () => {
    const accepted = oneCharacterAway(signature).filter((given) =>
      linkSignatureMatches("report", "visit-1", given, secret),
    );
    expect(accepted).toEqual([]);
  });
});
