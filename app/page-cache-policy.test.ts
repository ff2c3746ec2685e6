import { describe, expect, test } from "vitest";
import { pageCacheKey } from "./page-cache-policy";

const keyOf = (method: string, path: string, cookie?: string) =>
  pageCacheKey(method, new URL(path, "http://localhost"), cookie);

describe("which requests the page cache may answer, and under which key", () => {
  test.each([
    ["GET", "/", undefined, "/"],
    ["HEAD", "/ethos", undefined, "/ethos"],
    ["GET", "/contact", undefined, "/contact"],
    ["GET", "/privacy-policy", undefined, "/privacy-policy"],
    ["GET", "/insights", undefined, "/insights"],
    ["GET", "/insights?page=1", undefined, "/insights"],
    ["GET", "/insights?page=3&tag=Automation", undefined, "/insights?tag=Automation&page=3"],
    ["GET", "/insights?tag=Automation&page=3", undefined, "/insights?tag=Automation&page=3"],
    [
      "GET",
      "/insights/3f1c2b7e-0000-4000-8000-000000000000",
      undefined,
      "/insights/3f1c2b7e-0000-4000-8000-000000000000",
    ],
    ["GET", "/insights/rss.xml", undefined, "/insights/rss.xml"],
    ["GET", "/insights/atom.xml", undefined, "/insights/atom.xml"],
    ["GET", "/insights/feed.json", undefined, "/insights/feed.json"],
    ["GET", "/sitemap.xml", undefined, "/sitemap.xml"],
    ["GET", "/robots.txt", undefined, "/robots.txt"],
    // The subscribe form's page is one copy for everyone; a post's answer is never stored.
    ["GET", "/insights/subscribe", undefined, "/insights/subscribe"],
    // A cookie that is not ours says nothing about the visitor.
    ["GET", "/", "theme=dark", "/"],
  ])("%s %s (cookie %s) is answered as %s", (method, path, cookie, key) => {
    expect(keyOf(method, path, cookie)).toBe(key);
  });

  test.each([
    ["POST", "/contact", undefined],
    ["GET", "/efficiency-assessment", undefined],
    ["GET", "/assessment-results", undefined],
    // Open call times change with every booking and every minute; a time's form may be prefilled
    // from the visitor's assessment; a call's page is one visitor's.
    ["GET", "/book", undefined],
    ["GET", "/book?tz=Asia%2FKolkata", undefined],
    ["GET", "/book/2026-12-01T16:00:00Z", undefined],
    ["GET", "/book/manage/not-a-token", undefined],
    // A subscriber's links are theirs alone.
    ["GET", `/insights/subscribe/confirm/${"A".repeat(43)}`, undefined],
    ["GET", `/insights/unsubscribe/12.${"A".repeat(43)}`, undefined],
    ["POST", "/insights/subscribe", undefined],
    ["GET", "/admin/blog", undefined],
    ["GET", "/admin", undefined],
    ["GET", "/healthz", undefined],
    ["GET", "/insights.data", undefined],
    ["GET", "/no-such-page", undefined],
    ["GET", "/ethos?utm_source=newsletter", undefined],
    ["GET", "/insights?page=2&utm_source=newsletter", undefined],
    ["GET", "/insights?page=0", undefined],
    ["GET", "/insights/not an id", undefined],
    ["GET", "/", "admin_session=abc"],
    ["GET", "/insights", "theme=dark; toast=abc"],
    ["GET", "/", "assessment=abc"],
  ])("%s %s (cookie %s) is rendered for its request", (method, path, cookie) => {
    expect(keyOf(method, path, cookie)).toBeNull();
  });
});
