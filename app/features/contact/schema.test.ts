import { describe, expect, test } from "vitest";
import { contactMessageSchema } from "./schema";

const valid = {
  fullName: "Ada Lovelace",
  email: "ada@example.org",
  phone: "+1 (303) 555-0100",
  message: "We lose a day a week to status meetings.\nCan you help?",
};

function errorsFor(input: Record<string, unknown>) {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? {} : result.error.flatten().fieldErrors;
}

describe("contactMessageSchema", () => {
  test("accepts a complete message and trims it", () => {
    const result = contactMessageSchema.parse({ ...valid, fullName: "  Ada Lovelace  " });
    expect(result.fullName).toBe("Ada Lovelace");
  });

  test("phone is optional", () => {
    expect(contactMessageSchema.safeParse({ ...valid, phone: undefined }).success).toBe(true);
    expect(contactMessageSchema.safeParse({ ...valid, phone: "" }).success).toBe(true);
  });

  test.each([
    ["missing name", { fullName: undefined }, "fullName", "Please enter your full name."],
    ["blank name", { fullName: "   " }, "fullName", "Please enter your full name."],
    ["missing email", { email: undefined }, "email", "Please enter your email address."],
    ["missing message", { message: undefined }, "message", "Please enter a message."],
    ["whitespace message", { message: "\n\t " }, "message", "Please enter a message."],
    ["malformed email", { email: "ada@" }, "email", "Please enter a valid email address."],
    [
      "email without domain dot",
      { email: "ada at example.org" },
      "email",
      "Please enter a valid email address.",
    ],
    [
      "name too long",
      { fullName: "a".repeat(121) },
      "fullName",
      "Please keep this under 120 characters.",
    ],
    [
      "email too long",
      { email: `${"a".repeat(250)}@example.org` },
      "email",
      "Please keep this under 254 characters.",
    ],
    [
      "message too long",
      { message: "a".repeat(5001) },
      "message",
      "Please keep this under 5000 characters.",
    ],
    ["phone too long", { phone: "1".repeat(41) }, "phone", "Please keep this under 40 characters."],
    [
      "phone with letters",
      { phone: "call me maybe" },
      "phone",
      "Please use digits, spaces and + ( ) - only.",
    ],
    [
      "newline in name",
      { fullName: "Ada\nBcc: x@example.com" },
      "fullName",
      "This contains characters that are not allowed.",
    ],
    [
      "NUL in message",
      { message: "hello\u0000world" },
      "message",
      "This contains characters that are not allowed.",
    ],
    [
      "escape in email",
      { email: "ada\u001b@example.org" },
      "email",
      "This contains characters that are not allowed.",
    ],
    [
      "name sent twice",
      { fullName: ["Ada", "Eve"] },
      "fullName",
      "Please send this field once, as text.",
    ],
    ["number instead of text", { message: 42 }, "message", "Please send this field once, as text."],
  ])("refuses %s", (_case, change, field, message) => {
    expect(errorsFor({ ...valid, ...change })[field as keyof typeof valid]).toContain(message);
  });

  test("a message keeps its line breaks (as LF) and tabs", () => {
    const result = contactMessageSchema.parse({ ...valid, message: "one\r\n\ttwo\rthree" });
    expect(result.message).toBe("one\n\ttwo\nthree");
  });
});
