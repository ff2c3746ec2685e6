// A scheduled post reaches the stored pages at its time, with no write to announce it: the page
// cache keeps a page that shows posts only until the next scheduled post goes live, as the posts
// in this file's SQLite file say. The clock is moved by hand rather than waited for.
import { afterAll, afterEach, expect, test, vi } from "vitest";

// lru-cache takes its clock (`performance`) as it loads: the fake one has to be in place first, so
// the page cache and everything that could load it are imported only then.
vi.useFakeTimers({
  now: new Date("2026-11-26T09:00:00Z"),
  toFake: ["Date", "performance", "setTimeout", "clearTimeout"],
});
// A server has been up a while when a page is stored; lru-cache reads a start at
// performance.now() = 0 as none, and would keep the page for good.
vi.advanceTimersByTime(60_000);
const { closeSites, PUBLIC, startSite } = await import("./support/page-cache-site");
const { db } = await import("~/lib/db.server");
const { latestPublicPosts, nextScheduledPublication, savePost } =
  await import("~/features/insights/index.server");
const { postInput } = await import("./support/post-input");
const { STAFF } = await import("./support/actions");

afterEach(closeSites);
afterAll(() => vi.useRealTimers());

/** /insights lists the public posts by title and says so in Cache-Tag; /about shows none. */
async function render(request: Request) {
  const { pathname } = new URL(request.url);
  const titles = latestPublicPosts(new Date(), 12).map((post) => `<h2>${post.title}</h2>`);
  const body = pathname === "/insights" ? titles.join("") : "<h1>About</h1>";
  return new Response(`<!doctype html><main>${body}</main>`, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PUBLIC,
      ...(pathname === "/insights" ? { "Cache-Tag": "posts" } : {}),
    },
  });
}

test("a post scheduled 4 s ahead shows on the stored list at its time, and not a millisecond before", async () => {
  const site = await startSite({
    render,
    nextScheduledChange: (now) => nextScheduledPublication(db, now),
  });
  const goesLiveAt = new Date(Date.now() + 4_000);
  const title = "Shadowing the night shift";
  const saved = await savePost(postInput({ title, publishedDate: goesLiveAt }), STAFF);
  expect(saved.status).toBe("created");
  const ask = async (path: string) => {
    const answer = await fetch(`${site.url}${path}`);
    return { cache: answer.headers.get("X-Cache"), text: await answer.text() };
  };

  expect(await ask("/insights")).toEqual({
    cache: "MISS",
    text: expect.not.stringContaining(title),
  });
  expect(await ask("/about")).toMatchObject({ cache: "MISS" });
  expect(await ask("/insights")).toMatchObject({ cache: "HIT" });

  // Date and performance.now() move together, as they do on a server.
  vi.advanceTimersByTime(goesLiveAt.getTime() - Date.now() - 1);
  expect(await ask("/insights")).toEqual({
    cache: "HIT",
    text: expect.not.stringContaining(title),
  });

  vi.advanceTimersByTime(2);
  expect(await ask("/insights")).toEqual({ cache: "MISS", text: expect.stringContaining(title) });
  expect(await ask("/about")).toMatchObject({ cache: "HIT" });
});
