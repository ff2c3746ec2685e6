import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { newPasswordProblem } from "./password-strength.server.ts";
import { NEW_PASSWORD_MESSAGES } from "./password-rules.ts";
import {
  COMMON_WITH_CHANGES,
  GUESSABLE_PASSWORDS,
  guessable,
  PERSONAL,
} from "../../../tests/support/passwords";

const context = { email: "jane.doe@example.org", brand: "Keelstone Operations" };

describe("a new password (NIST SP 800-63B)", () => {
  test.each<[string, string | null]>([
    // Its shape: the length and whitespace rules the browser checks too.
    ["123456", NEW_PASSWORD_MESSAGES.tooShort],
    ["      ", NEW_PASSWORD_MESSAGES.tooShort],
    ["password", NEW_PASSWORD_MESSAGES.tooShort],
    ["eleven char", NEW_PASSWORD_MESSAGES.tooShort],
    [" ".repeat(12), NEW_PASSWORD_MESSAGES.onlySpaces],
    ["\t \u00a0".repeat(6), NEW_PASSWORD_MESSAGES.onlySpaces],
    ["x".repeat(129), NEW_PASSWORD_MESSAGES.tooLong],
    // Commonly used and expected values, which an exact list let through.
    ...GUESSABLE_PASSWORDS,
    ["password1234", COMMON_WITH_CHANGES],
    ["Password1234", COMMON_WITH_CHANGES],
    ["qwertyuiop123", COMMON_WITH_CHANGES],
    ["1qaz2wsx3edc", guessable("It is one of the passwords people use most.")],
    // Context-specific: the account's own address, and the firm's name.
    ["jane.doe12345", PERSONAL],
    ["janedoe12345", PERSONAL],
    ["jane.doe@example.org", PERSONAL],
    ["Keelstone2026!", PERSONAL],
    ["keelstone operations", PERSONAL],
    ["KeelstoneOps99", PERSONAL],
    // Strong ones, long passphrases and any script welcome.
    ["correct horse battery staple", null],
    ["vivid-quartz-lantern-87", null],
    ["nimble otter drafts maps", null],
    ["twelve chars", null],
    ["東京の夏は暑いですが楽しいです", null],
    [
      "Seven gulls argued over a crust of rye bread by the tarred rope coils while the harbour lanterns flickered; nobody minded those.",
      null,
    ],
  ])("%j: %s", async (password, problem) => {
    expect(await newPasswordProblem(password, context)).toBe(problem);
  });

  test("the address and the brand are the ones given, not fixed words", async () => {
    expect(
      await newPasswordProblem("jane.doe12345", { ...context, email: "sam@example.org" }),
    ).toBe(null);
    expect(
      await newPasswordProblem("marigold.finch7", {
        ...context,
        email: "marigold.finch@example.org",
      }),
    ).toBe(PERSONAL);
    expect(await newPasswordProblem("marigold.finch7", context)).toBe(null);
    expect(
      await newPasswordProblem("Harbourlight2026", { ...context, brand: "Harbourlight Partners" }),
    ).toBe(PERSONAL);
    expect(await newPasswordProblem("Harbourlight2026", context)).toBe(null);
  });

  test("the estimator and its dictionaries load on the first check, not with the rule", () => {
    // A Node of its own, which reports every @zxcvbn-ts module it is asked to resolve.
    const rule = pathToFileURL(path.join(import.meta.dirname, "password-strength.server.ts")).href;
    const script = `
      import { registerHooks } from "node:module";
      const asked = new Set();
      registerHooks({
        resolve(specifier, context, next) {
          if (specifier.startsWith("@zxcvbn-ts/")) asked.add(specifier.split("/").slice(0, 2).join("/"));
          return next(specifier, context);
        },
      });
      const { newPasswordProblem } = await import(${JSON.stringify(rule)});
      const atImport = [...asked];
      await newPasswordProblem("tiny", { email: "a@example.org", brand: "B" });
      const afterShapeRefusal = [...asked];
      const problem = await newPasswordProblem("correct horse battery staple", { email: "a@example.org", brand: "B" });
      console.log(JSON.stringify({ atImport, afterShapeRefusal, afterCheck: [...asked].sort(), problem }));
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      atImport: [],
      afterShapeRefusal: [],
      afterCheck: [
        "@zxcvbn-ts/core",
        "@zxcvbn-ts/dictionary-compression",
        "@zxcvbn-ts/language-common",
        "@zxcvbn-ts/language-en",
      ],
      problem: null,
    });
  });
});
