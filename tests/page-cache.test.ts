// server/page-cache.ts on a real HTTP server on 127.0.0.1, in front of a real Express app with the
// site's security headers, the way server.ts puts it together (tests/support/page-cache-site.ts).
import crypto from "node:crypto";
import http from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import { closeSites, FEED_CHANGED, SITE_ORIGIN, startSite } from "./support/page-cache-site";

afterEach(closeSites);

describe("storing and answering", () => {
  test("a page is rendered once, then answered from memory with a fresh request id and a log line", async () => {
    const site = await startSite();
    const first = await fetch(`${site.url}/about`);
    const second = await fetch(`${site.url}/about`);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(site.renders.get("/about")).toBe(1);
    expect(second.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(site.hits).toEqual([
      expect.objectContaining({
        requestId: second.headers.get("X-Request-Id"),
        method: "GET",
        path: "/about",
        status: 200,
      }),
    ]);
  });

  test("the stored policy allows the page's inline script by its hash, in place of the nonce", async () => {
    const site = await startSite();
    await fetch(`${site.url}/about`);
    const answer = await fetch(`${site.url}/about`);
    const policy = answer.headers.get("Content-Security-Policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1];
    const hash = crypto.createHash("sha256").update("go(1)").digest("base64");
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    expect(answer.headers.get("X-Frame-Options")).toBe("DENY");
  });

  test("a page is rendered at the site's origin and its key, with none of the visitor's headers", async () => {
    const site = await startSite();
    const { port } = new URL(site.url);
    // What a visitor sends can reach everyone who gets the stored copy: none of it may reach the
    // render, least of all a Host or scheme that names another path.
    const visitorHeaders = {
      Host: "localhost:3000/ethos?",
      "X-Forwarded-Proto": "http://localhost:3000/ethos#, https",
      "X-Forwarded-Host": "evil.example",
      "Accept-Language": "fr",
      Cookie: "theirs=1",
      "User-Agent": "Googlebot/2.1",
    };
    await new Promise<void>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/team", headers: visitorHeaders }, (answer) => {
          answer.resume();
          answer.on("end", resolve);
        })
        .on("error", reject);
    });
    expect(site.renderRequests.map((request) => request.url)).toEqual([`${SITE_ORIGIN}/team`]);
    expect([...(site.renderRequests[0]?.headers.keys() ?? [])]).toEqual([]);
    expect(site.renderRequests[0]?.method).toBe("GET");
  });

  test("each encoding of a page has its own strong ETag, and each one answers 304", async () => {
    const site = await startSite();
    const etagFor = async (encoding: string) => {
      const answer = await fetch(`${site.url}/about`, { headers: { "Accept-Encoding": encoding } });
      await answer.arrayBuffer();
      return answer.headers.get("ETag") ?? "";
    };
    const etags = {
      br: await etagFor("br"),
      gzip: await etagFor("gzip"),
      identity: await etagFor("identity"),
    };
    expect(new Set(Object.values(etags)).size).toBe(3);
    for (const etag of Object.values(etags)) expect(etag).toMatch(/^"[^"]+"$/);
    for (const [encoding, etag] of Object.entries(etags)) {
      const answer = await fetch(`${site.url}/about`, {
        headers: { "Accept-Encoding": encoding, "If-None-Match": etag },
      });
      expect(answer.status, encoding).toBe(304);
      expect(answer.headers.get("ETag"), encoding).toBe(etag);
    }
    // A client that changed what it accepts is sent the other copy's validator with its 304.
    const switched = await fetch(`${site.url}/about`, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": etags.br },
    });
    expect(switched.status).toBe(304);
    expect(switched.headers.get("ETag")).toBe(etags.gzip);
  });

  test("a client's current copy gets 304: by ETag, or by date when it sends no ETag", async () => {
    const site = await startSite();
    const stored = await fetch(`${site.url}/feed.xml`);
    const etag = stored.headers.get("ETag") ?? "";
    const ask = (headers: Record<string, string>) =>
      fetch(`${site.url}/feed.xml`, { headers }).then((answer) => answer.status);
    expect(await ask({ "If-None-Match": etag })).toBe(304);
    expect(await ask({ "If-None-Match": `W/${etag}` })).toBe(304);
    expect(await ask({ "If-None-Match": '"other"' })).toBe(200);
    expect(await ask({ "If-Modified-Since": FEED_CHANGED.toUTCString() })).toBe(304);
    expect(await ask({ "If-Modified-Since": new Date("2026-11-19").toUTCString() })).toBe(200);
    // The ETag decides when both are sent.
    const both = { "If-None-Match": '"other"', "If-Modified-Since": FEED_CHANGED.toUTCString() };
    expect(await ask(both)).toBe(200);
  });

  test("a page that is not shareable is left to the app, and rendered for each request", async () => {
    const site = await startSite();
    const first = await fetch(`${site.url}/personal`);
    await fetch(`${site.url}/personal`);
    expect(first.headers.get("X-Cache")).toBeNull();
    expect(await first.text()).toBe("rendered by the app");
    expect(site.renders.get("/personal")).toBe(2);
    // A request the policy refuses never reaches the cache's renderer.
    await fetch(`${site.url}/about?x=1`);
    expect(site.renders.get("/about")).toBeUndefined();
  });

  test("paths that do not resolve as URLs are answered as the paths they are; the server keeps serving", async () => {
    const site = await startSite();
    const { port } = new URL(site.url);
    for (const path of ["//[", "//a%20b", "//example.com/about"]) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path }, (answer) => {
            answer.resume();
            resolve(answer.statusCode);
          })
          .on("error", reject);
      });
      expect(status, path).toBe(200);
    }
    expect([...site.renders.keys()]).toEqual(["//[", "//a%20b", "//example.com/about"]);
    expect(site.renders.get("/about")).toBeUndefined();
    expect((await fetch(`${site.url}/about`)).status).toBe(200);
  });

  test("visitors arriving together while a page renders wait for that one render", async () => {
    const site = await startSite({ renderDelayMs: 200 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${site.url}/launch`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(site.renders.get("/launch")).toBe(1);
  });

  test("the copies kept stay within the byte limit, the least recently used going first", async () => {
    const site = await startSite({ maxBytes: 25_000, size: 8_000 });
    for (const path of ["/a", "/b"]) await fetch(`${site.url}${path}`);
    await fetch(`${site.url}/a`);
    await fetch(`${site.url}/c`);
    expect(site.cache.stats().bytes).toBeLessThanOrEqual(25_000);
    expect((await fetch(`${site.url}/a`)).headers.get("X-Cache")).toBe("HIT");
    expect((await fetch(`${site.url}/b`)).headers.get("X-Cache")).toBe("MISS");
  });
});

describe("dropping stale pages", () => {
  test("a change drops the pages carrying one of its tags, and only those", async () => {
    const site = await startSite();
    for (const path of ["/tagged/ops", "/tagged/hiring", "/about"]) {
      await fetch(`${site.url}${path}`);
    }
    site.cache.dropTagged(["tag:ops"]);
    const states = [];
    for (const path of ["/tagged/ops", "/tagged/hiring", "/about"]) {
      states.push((await fetch(`${site.url}${path}`)).headers.get("X-Cache"));
    }
    expect(states).toEqual(["MISS", "HIT", "HIT"]);
  });

  test("a render under way when its page is dropped is sent but not stored", async () => {
    const site = await startSite({ renderDelayMs: 200 });
    const pending = fetch(`${site.url}/tagged/ops`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    site.cache.dropTagged(["tag:ops"]);
    expect(await (await pending).text()).toContain("render 1");
    expect(await (await fetch(`${site.url}/tagged/ops`)).text()).toContain("render 2");
  });

  test("a request after a change never joins a render that began before it", async () => {
    const site = await startSite({ renderDelayMs: 200 });
    const before = fetch(`${site.url}/tagged/ops`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    site.cache.dropTagged(["tag:other"]);
    const after = fetch(`${site.url}/tagged/ops`);
    expect(await (await before).text()).toContain("render 1");
    expect(await (await after).text()).toContain("render 2");
    // The newer render is the one kept.
    expect(await (await fetch(`${site.url}/tagged/ops`)).text()).toContain("render 2");
  });

  test("a write elsewhere drops every page before the next answer", async () => {
    let changed = false;
    const site = await startSite({ changedElsewhere: () => changed });
    await fetch(`${site.url}/about`);
    changed = true;
    expect((await fetch(`${site.url}/about`)).headers.get("X-Cache")).toBe("MISS");
  });

  test("a page that shows posts is kept only until the next scheduled post goes live", async () => {
    const site = await startSite({ nextScheduledChange: (now) => new Date(now.getTime() + 300) });
    await fetch(`${site.url}/tagged/ops`);
    await fetch(`${site.url}/about`);
    expect((await fetch(`${site.url}/tagged/ops`)).headers.get("X-Cache")).toBe("HIT");
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await fetch(`${site.url}/tagged/ops`)).headers.get("X-Cache")).toBe("MISS");
    expect((await fetch(`${site.url}/about`)).headers.get("X-Cache")).toBe("HIT");
  });

  test("no page outlives the next change of the date it shows, tagged or not", async () => {
    const site = await startSite({ nextCalendarChange: (now) => new Date(now.getTime() + 300) });
    await fetch(`${site.url}/about`);
    await fetch(`${site.url}/tagged/ops`);
    expect((await fetch(`${site.url}/about`)).headers.get("X-Cache")).toBe("HIT");
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await fetch(`${site.url}/about`)).headers.get("X-Cache")).toBe("MISS");
    expect((await fetch(`${site.url}/tagged/ops`)).headers.get("X-Cache")).toBe("MISS");
  });
});
