// Which site addresses a passkey can be bound to: a domain name, never an IP address.
import { describe, expect, test } from "vitest";
import { passkeysNeedADomain } from "./passkey-fields";

describe("passkeysNeedADomain", () => {
  test.each([
    "http://127.0.0.1:3000",
    "http://192.168.1.20",
    "http://0x7f.1:3000",
    "http://[::1]:3000",
    "https://[2001:db8::1]",
  ])("%s is an IP address: no passkey can be bound to it", (origin) => {
    expect(passkeysNeedADomain(origin)).toBe(true);
  });

  test.each(["http://localhost:3000", "https://www.example.com", "https://1password.example"])(
    "%s is a domain name",
    (origin) => {
      expect(passkeysNeedADomain(origin)).toBe(false);
    },
  );
});
