// The link that lets a visitor cancel or move their call: only a token this server signed for
// this key passes; any change to it, another secret's signature, or another purpose's is refused.
import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { env } from "~/lib/env.server";
import {
  bookingUid,
  checkManageToken,
  keyOfUid,
  manageUrl,
  newBookingKey,
  signManageToken,
} from "./manage-link.server";

const key = "3f2c9a4e-8b1d-4c6f-9e2a-7d5b0c1e4f6a";
const otherKey = "00000000-8b1d-4c6f-9e2a-7d5b0c1e4f6a";
const token = signManageToken(key);
const [, signature = ""] = token.split(".");

describe("checkManageToken", () => {
  test("gives back the key of a token this server signed", () => {
    expect(checkManageToken(token)).toBe(key);
    expect(checkManageToken(signManageToken(otherKey))).toBe(otherKey);
  });

  test("signs with the server's secret unless told otherwise", () => {
    expect(token).toBe(signManageToken(key, env.SESSION_SECRET));
  });

  test.each<[label: string, given: string]>([
    ["another key with this signature", `${otherKey}.${signature}`],
    ["the key alone", key],
    ["the key and a dot", `${key}.`],
    ["the key in capitals", `${key.toUpperCase()}.${signature}`],
    ["a signature one character short", `${key}.${signature.slice(0, -1)}`],
    ["a character more", `${token}A`],
    ["the signature padded", `${token}=`],
    [
      "the signature in base64 rather than base64url",
      `${key}.${Buffer.from(signature, "base64url").toString("base64")}`,
    ],
    ["a signature from another secret", signManageToken(key, `${env.SESSION_SECRET}!`)],
    [
      "a signature of the bare key, for some other purpose",
      `${key}.${crypto.createHmac("sha256", env.SESSION_SECRET).update(key).digest("base64url")}`,
    ],
    ["nothing", ""],
  ])("refuses %s", (_label, given) => {
    expect(checkManageToken(given)).toBeUndefined();
  });

  test("refuses every change of one character in the signature, the last one's too", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const accepted: string[] = [];
    for (let index = 0; index < signature.length; index += 1) {
      for (const replacement of alphabet) {
        if (replacement === signature[index]) continue;
        const altered = `${key}.${signature.slice(0, index)}${replacement}${signature.slice(index + 1)}`;
        if (checkManageToken(altered) !== undefined) accepted.push(altered);
      }
    }
    expect(accepted).toEqual([]);
  });

  test("a token from another server's secret is refused by this one, and passes with that secret", () => {
    const elsewhere = signManageToken(key, "another-server-secret-of-at-least-32-characters");
    expect(checkManageToken(elsewhere)).toBeUndefined();
    expect(checkManageToken(elsewhere, "another-server-secret-of-at-least-32-characters")).toBe(
      key,
    );
  });
});

describe("the call's key, UID and address", () => {
  test("a new key is a random UUID each time", () => {
    const keys = new Set(Array.from({ length: 20 }, newBookingKey));
    expect(keys.size).toBe(20);
    for (const each of keys) expect(checkManageToken(signManageToken(each))).toBe(each);
  });

  test("the UID is the key on the site's host, without its port, and gives the key back", () => {
    const uid = bookingUid(key, "https://www.keelstone.example.com:8443");
    expect(uid).toBe(`${key}@www.keelstone.example.com`);
    expect(keyOfUid(uid)).toBe(key);
  });

  test("the address is /book/manage/<token> on the site, and its token passes", () => {
    const url = new URL(manageUrl(key, "https://www.keelstone.example.com"));
    expect(url.origin).toBe("https://www.keelstone.example.com");
    const [, , , given = ""] = url.pathname.split("/");
    expect(url.pathname).toBe(`/book/manage/${token}`);
    expect(checkManageToken(given)).toBe(key);
  });
});
