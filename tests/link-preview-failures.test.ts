// A post whose link preview could not be fetched, on a real SQLite file: the admin's list says
// which link has no preview and why, and "Try again" fetches it once more from a real local page.
import http from "node:http";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "~/lib/db.server";
import { fetchLinkPreview } from "~/features/link-previews/index.server";
import { PostList } from "~/features/insights";
import { findPostForAdmin } from "~/features/insights/queries.server";
import { action, loader } from "~/routes/admin.blog";
import { callAction, routeArgs } from "./support/actions";
import { form, signedIn, staffAccounts, toastOf } from "./support/staff";

// The ports are chosen before the app's settings are read, so that the route itself (which takes
// OUTBOUND_TEST_HOSTS from the environment) may reach them: one for the page, and one where
// nothing listens, an address that cannot be reached.
const [pagePort, closedPort] = await vi.hoisted(async () => {
  const { createServer } = await import("node:net");
  const freePort = async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as import("node:net").AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  };
  const ports = [await freePort(), await freePort()] as const;
  process.env.OUTBOUND_TEST_HOSTS = ports.map((port) => `127.0.0.1:${port}`).join(",");
  process.env.OUTBOUND_PORTS = ["80", "443", ...ports].join(",");
  return ports;
});
const pageOrigin = `http://127.0.0.1:${pagePort}`;
const UNREACHABLE = `http://127.0.0.1:${closedPort}/field-notes`;

// Answers 503 until it is told the page is up, as a site in the middle of a deploy would.
let pageIsUp = false;
const pageServer = http.createServer((request, response) => {
  if (request.url !== "/field-notes" || !pageIsUp) {
    response.writeHead(503, { "Content-Type": "text/plain" }).end("down for a moment");
    return;
  }
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  response.end(`<!doctype html><html><head><title>Field notes</title>
    <meta property="og:title" content="Field notes on hand-offs"></head><body></body></html>`);
});

let adminCookie = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => pageServer.listen(pagePort, "127.0.0.1", resolve));
  const staff = await staffAccounts("a long enough passphrase", {
    at: new Date("2026-11-01T00:00:00Z"),
  });
  adminCookie = await signedIn(staff({ email: "editor@example.org" }));
});

afterAll(async () => {
  await new Promise((resolve) => pageServer.close(resolve));
});

beforeEach(() => {
  db.$client.exec("delete from blog_posts");
  pageIsUp = false;
});

const post = (fields: Record<string, string>, search = "") =>
  callAction(action, form(`http://localhost/admin/blog${search}`, fields, adminCookie));

const savePost = (previewLink: string) =>
  post({
    intent: "save",
    title: "Shadowing the ops team",
    author: "Marcus Oyelaran",
    excerpt: "A week beside the people who move the orders.",
    content: "<p>Every hand-off is a queue.</p>",
    previewLink,
    publishedDate: "2026-11-20T09:30",
    published: "on",
  });

/** The admin's list as the loader gives it, drawn as the page draws it. */
async function adminList() {
  const answer = (await loader(
    routeArgs(new Request("http://localhost/admin/blog", { headers: { Cookie: adminCookie } })),
  )) as unknown as { data: { posts: Parameters<typeof PostList>[0]["posts"] } };
  const { posts } = answer.data;
  const Page = createRoutesStub([
    { id: "root", path: "/", Component: () => createElement(PostList, { posts }) },
  ]);
  const site = { timeZone: "America/Denver" };
  const markup = renderToStaticMarkup(
    createElement(Page, { hydrationData: { loaderData: { root: { site } } } }),
  );
  return { posts, markup };
}

const onlyId = () => String(db.$client.prepare("select id from blog_posts").pluck().get());

describe("a preview link that cannot be reached", () => {
  test("the saved post says which link has no preview and why, with a Try again form", async () => {
    const saved = await savePost(UNREACHABLE);
    expect(saved.status).toBe(303);
    // What the fetch answers for this address, word for word, is what the admin reads (its
    // wording is app/lib/outbound-http.server.ts's).
    const refusal = await fetchLinkPreview(UNREACHABLE);
    expect(refusal.ok).toBe(false);
    const detail = refusal.ok ? "" : refusal.detail;
    expect(detail).not.toBe("");

    const id = onlyId();
    expect(findPostForAdmin(db, id)).toMatchObject({
      previewLink: UNREACHABLE,
      previewFailure: detail,
      linkPreviews: [],
    });
    const { posts, markup } = await adminList();
    expect(posts[0]).toMatchObject({ previewLink: UNREACHABLE, previewFailure: detail });
    const text = markup.replace(/<[^>]+>/g, "");
    expect(text).toContain(`No link preview for ${UNREACHABLE}: ${escapeHtml(detail)}`);
    expect(markup).toMatch(
      /<form aria-label="Link preview of Shadowing the ops team"[^>]* method="post">/,
    );
    expect(markup).toContain(`<input type="hidden" name="intent" value="retry-preview"/>`);
    expect(markup).toContain(`<input type="hidden" name="id" value="${id}"/>`);
    expect(text).toContain("Try again to fetch the link preview of Shadowing the ops team");

    // Trying again while the name still does not resolve says so, and the page stays as it was.
    const retried = await post({ intent: "retry-preview", id }, "?page=1&order=oldest");
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).toBe("/admin/blog?page=1&order=oldest");
    expect(await toastOf(retried.headers)).toMatchObject({
      type: "error",
      description: `Still no link preview for "Shadowing the ops team": ${detail}`,
    });
    expect(findPostForAdmin(db, id)?.previewFailure).toBe(detail);
  });
});

describe("Try again", () => {
  test("once the page answers, fetches its preview and the failure is gone", async () => {
    await savePost(`${pageOrigin}/field-notes`);
    const id = onlyId();
    expect(findPostForAdmin(db, id)?.previewFailure).toBe("127.0.0.1 answered with status 503.");
    expect((await adminList()).markup).toContain("127.0.0.1 answered with status 503.");

    pageIsUp = true;
    const retried = await post({ intent: "retry-preview", id });
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).toBe("/admin/blog");
    expect(await toastOf(retried.headers)).toMatchObject({
      type: "success",
      description: 'The link preview of "Shadowing the ops team" was fetched',
    });
    expect(findPostForAdmin(db, id)).toMatchObject({
      previewFailure: null,
      linkPreviews: [expect.objectContaining({ title: "Field notes on hand-offs" })],
    });
    const { posts, markup } = await adminList();
    expect(posts[0]).toMatchObject({ linkPreviewCount: 1, previewFailure: null });
    expect(markup).not.toContain("No link preview");
    expect(markup).not.toContain("Try again");

    // Once more: nothing to fetch, and the preview is not added twice.
    const again = await post({ intent: "retry-preview", id });
    expect(await toastOf(again.headers)).toMatchObject({
      description: '"Shadowing the ops team" already has its link preview',
    });
    expect(findPostForAdmin(db, id)?.linkPreviews).toHaveLength(1);
  });

  test("a save that fetches the preview clears an earlier failure", async () => {
    await savePost(`${pageOrigin}/field-notes`);
    const id = onlyId();
    pageIsUp = true;
    const resaved = await post({
      intent: "save",
      id,
      title: "Shadowing the ops team",
      author: "Marcus Oyelaran",
      excerpt: "A week beside the people who move the orders.",
      content: "<p>Every hand-off is a queue.</p>",
      previewLink: `${pageOrigin}/field-notes`,
      publishedDate: "2026-11-20T09:30",
    });
    expect(resaved.status).toBe(303);
    expect(findPostForAdmin(db, id)).toMatchObject({ previewFailure: null });
    expect(findPostForAdmin(db, id)?.linkPreviews).toHaveLength(1);
  });

  test.each([
    ["no id", 400, {}],
    ["an id too long to be one", 400, { id: "x".repeat(65) }],
    ["a post that is gone", 404, { id: "no-such-post" }],
  ])("with %s answers %i and says it failed", async (_label, status, fields) => {
    const answer = await post({ intent: "retry-preview", ...fields });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({
      notice: { title: "Error", description: "Failed to fetch the link preview" },
    });
  });
});

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
