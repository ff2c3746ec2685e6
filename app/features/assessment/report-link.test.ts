import { describe, expect, test } from "vitest";
import {
  checkReportLink,
  checkReportToken,
  reportLinkUrl,
  signReportToken,
  type ReportLinkCheck,
} from "./report-link.server";

const secret = "a-test-secret-of-at-least-thirty-two-characters";
const visitId = "3f2c9a4e-8b1d-4c6f-9e2a-7d5b0c1e4f6a";
const otherVisit = "00000000-8b1d-4c6f-9e2a-7d5b0c1e4f6a";
const now = new Date("2026-11-25T12:00:00Z");
const inThirtyDays = new Date("2026-12-25T12:00:00Z");
const token = signReportToken(visitId, inThirtyDays, secret);
const [, expiry = "", signature = ""] = token.split(".");

/** The signature with one character changed, never to itself. */
const alteredSignature = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;

const cases: [label: string, token: string, at: Date, expected: ReportLinkCheck][] = [
  ["a link it signed, before it expires", token, now, { kind: "valid", visitId }],
  [
    "the last second before it expires",
    token,
    new Date(inThirtyDays.getTime() - 1000),
    {
      kind: "valid",
      visitId,
    },
  ],
  ["at the moment it expires", token, inThirtyDays, { kind: "expired" }],
  ["a year later", token, new Date("2027-11-25T12:00:00Z"), { kind: "expired" }],
  [
    "another visit's id with this signature",
    `${otherVisit}.${expiry}.${signature}`,
    now,
    {
      kind: "invalid",
    },
  ],
  [
    "a later expiry with this signature",
    `${visitId}.${Number(expiry) + 86400}.${signature}`,
    now,
    {
      kind: "invalid",
    },
  ],
  ["an altered signature", `${visitId}.${expiry}.${alteredSignature}`, now, { kind: "invalid" }],
  [
    "a signature from another secret",
    signReportToken(visitId, inThirtyDays, `${secret}!`),
    now,
    {
      kind: "invalid",
    },
  ],
  [
    "an expired link from another secret",
    signReportToken(visitId, now, `${secret}!`),
    inThirtyDays,
    {
      kind: "invalid",
    },
  ],
  ["no signature", `${visitId}.${expiry}`, now, { kind: "invalid" }],
  ["a shortened signature", token.slice(0, -1), now, { kind: "invalid" }],
  ["an empty token", "", now, { kind: "invalid" }],
  ["a submission number for a visit", `42.${expiry}.${signature}`, now, { kind: "invalid" }],
  ["a negative expiry", `${visitId}.-1.${signature}`, now, { kind: "invalid" }],
  ["extra parts", `${token}.x`, now, { kind: "invalid" }],
  ["percent-encoded dots", token.replaceAll(".", "%2E"), now, { kind: "invalid" }],
];

describe("checkReportToken", () => {
  test.each(cases)("%s", (_label, presented, at, expected) => {
    expect(checkReportToken(presented, at, secret)).toEqual(expected);
  });

  test("refuses every other last character, those that decode to the same bytes too", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const accepted = [...alphabet]
      .filter((last) => last !== signature.at(-1))
      .map((last) => `${visitId}.${expiry}.${signature.slice(0, -1)}${last}`)
      .filter((altered) => checkReportToken(altered, now, secret).kind !== "invalid");
    expect(accepted).toEqual([]);
  });

  test("a token is the visit, the expiry in seconds and a URL-safe signature", () => {
    expect(token).toMatch(/^[0-9a-f-]{36}\.1798200000\.[\w-]{43}$/);
  });
});

describe("reportLinkUrl", () => {
  const url = new URL(reportLinkUrl(visitId, "https://keelstone.example.com", now));
  const emailed = url.pathname.replace("/assessment-report/", "");
  const day = 24 * 60 * 60 * 1000;

  test("is absolute, on the site's origin, and works for 30 days", () => {
    expect(url.origin).toBe("https://keelstone.example.com");
    expect(url.pathname).toMatch(/^\/assessment-report\/[\w.-]+$/);
    expect(checkReportLink(emailed, now)).toEqual({ kind: "valid", visitId });
    expect(checkReportLink(emailed, new Date(now.getTime() + 30 * day - 1000))).toEqual({
      kind: "valid",
      visitId,
    });
    expect(checkReportLink(emailed, new Date(now.getTime() + 30 * day))).toEqual({
      kind: "expired",
    });
  });
});
