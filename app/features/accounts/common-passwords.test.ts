import { describe, expect, test } from "vitest";
import { newPasswordProblem } from "./common-passwords.server.ts";
import { NEW_PASSWORD_MESSAGES } from "./password-rules.ts";

describe("a new password (NIST SP 800-63B)", () => {
  test.each([
    ["123456", NEW_PASSWORD_MESSAGES.tooShort],
    ["      ", NEW_PASSWORD_MESSAGES.tooShort],
    ["password", NEW_PASSWORD_MESSAGES.tooShort],
    ["eleven char", NEW_PASSWORD_MESSAGES.tooShort],
    [" ".repeat(12), NEW_PASSWORD_MESSAGES.onlySpaces],
    ["\t \u00a0".repeat(6), NEW_PASSWORD_MESSAGES.onlySpaces],
    ["password1234", NEW_PASSWORD_MESSAGES.common],
    ["Password1234", NEW_PASSWORD_MESSAGES.common],
    ["qwertyuiop123", NEW_PASSWORD_MESSAGES.common],
    ["x".repeat(129), NEW_PASSWORD_MESSAGES.tooLong],
    ["correct horse battery staple", null],
    ["twelve chars", null],
    ["東京の夏は暑いですが楽しいです", null],
    ["x".repeat(128), null],
  ])("%j: %s", (password, problem) => {
    expect(newPasswordProblem(password)).toBe(problem);
  });
});
