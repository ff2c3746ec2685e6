// Blog administration on a real SQLite file: the form's rules, the sanitiser on save, link
// previews from a real local page, and what the admin is told when a write fails.
import http from "node:http";
import { parseWithZod } from "@conform-to/zod/v4";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { findPostForAdmin, insertPosts } from "~/features/insights/queries.server";
import { POST_SANITIZER_VERSION } from "~/features/insights/post-sanitising.server";
import type { User } from "~/features/accounts/user-queries.server";
import { action, loader } from "~/routes/admin.blog";
import { savePost } from "~/features/insights/post-editing.server";
import { postFormSchema, type PostFormInput } from "~/features/insights/post-form";
import { siteConfig } from "~/lib/site-config.server";
import { startNewsletterJobs } from "~/features/subscribers/newsletter.server";
import { STAFF, callAction, routeArgs } from "./support/actions";
import { signedIn, staffAccounts, toastOf } from "./support/staff";
import { whileDatabaseIsReadOnly } from "./support/storage";

let admin: User;
let adminCookie: string;
let waitingCookie: string;
let pageServer: http.Server;
let pageOrigin: string;

beforeAll(async () => {
  const staff = await staffAccounts("a long enough passphrase", {
    at: new Date("2026-11-01T00:00:00Z"),
  });
  admin = staff({ email: "editor@example.org" });
  const waiting = staff({ email: "waiting@example.org", approved: false });
  adminCookie = await signedIn(admin);
  waitingCookie = await signedIn(waiting);

  // A real page with Open Graph tags, as a link preview would find it on another site.
  pageServer = http.createServer((request, response) => {
    if (request.url === "/article") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html><head><title>Fallback title</title>
        <meta property="og:title" content="Lean hand-offs in practice">
        <meta property="og:description" content="How one team halved its rework.">
        <meta property="og:image" content="/cover.png">
        </head><body><p>Article</p></body></html>`);
      return;
    }
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("not here");
  });
  await new Promise<void>((resolve) => pageServer.listen(0, "127.0.0.1", resolve));
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => pageServer.close(resolve));
});

beforeEach(() => {
  db.$client.exec("delete from blog_posts");
});

const validFields = {
  intent: "save",
  title: "Mapping the order-to-cash flow",
  author: "Marcus Oyelaran",
  excerpt: "Where the days go between a signed order and cash in the bank.",
  content: "<p>Every hand-off is a queue.</p>",
  readTime: "4 min read",
  tags: "Operations, finance, operations, , Cash flow",
  publishedDate: "2026-11-20T09:30",
  published: "on",
};

function post(fields: Record<string, string | string[]>, cookie = adminCookie) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return callAction(
    action,
    new Request("http://localhost/admin/blog", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body,
    }),
  );
}

const onlyPost = () =>
  db.$client.prepare("select * from blog_posts").all() as Record<string, unknown>[];

function formInput(fields: Record<string, string>): PostFormInput {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema: postFormSchema(siteConfig.timeZone) });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("creating, editing and deleting", () => {
  test("a valid post is created with its tags parsed, and the admin told so", async () => {
    const { status, headers } = await post(validFields);
    expect(status).toBe(303);
    expect(headers.get("Location")).toBe("/admin/blog");
    expect(await toastOf(headers)).toMatchObject({
      title: "Success",
      description: "Blog post created successfully",
    });
    const [stored] = onlyPost();
    expect(stored).toMatchObject({
      title: validFields.title,
      author: "Marcus Oyelaran",
      read_time: "4 min read",
      tags: JSON.stringify(["Operations", "finance", "Cash flow"]),
      published: 1,
      featured: 0,
      // 09:30 on the firm's clock (America/Denver, MST), stored as the instant: 16:30 UTC.
      published_date: Date.UTC(2026, 10, 20, 16, 30),
      link_previews: "[]",
    });
  });

  test("editing changes the post and says so; deleting removes it and says so", async () => {
    await post(validFields);
    const [created] = onlyPost();
    const id = String(created?.id);
    const updated = await post({ ...validFields, id, title: "A better title", featured: "on" });
    expect(updated.status).toBe(303);
    expect(await toastOf(updated.headers)).toMatchObject({
      description: "Blog post updated successfully",
    });
    expect(findPostForAdmin(db, id)).toMatchObject({ title: "A better title", featured: true });

    const deleted = await post({ intent: "delete", id });
    expect(deleted.status).toBe(303);
    expect(await toastOf(deleted.headers)).toMatchObject({
      title: "Success",
      description: "Blog post deleted successfully",
    });
    expect(onlyPost()).toEqual([]);
  });

  test("an unchecked Published box saves a draft", async () => {
    const { published: _published, ...draft } = validFields;
    await post(draft);
    expect(onlyPost()[0]).toMatchObject({ published: 0 });
  });

  test("missing fields are refused at their fields and nothing is written", async () => {
    const { status, body } = await post({
      intent: "save",
      title: " ",
      excerpt: "",
      content: "",
      author: "Somebody Else",
      previewLink: "javascript:alert(1)",
      publishedDate: "2026-02-31T10:00",
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      result: {
        error: {
          title: ["Please enter a title."],
          excerpt: ["Please enter an excerpt."],
          content: ["Please write the post's content."],
          author: ["Please choose one of the authors."],
          previewLink: ["Please enter a full link starting with http:// or https://."],
          publishedDate: ["Please enter a date and time, such as 2026-11-23T09:30."],
        },
      },
    });
    expect(onlyPost()).toEqual([]);
  });

  test("content that is only markup counts as empty, and what was typed comes back", async () => {
    const { status, body } = await post({ ...validFields, content: "<p> </p><hr><p>&nbsp;</p>" });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      result: {
        error: { content: ["Please write the post's content."] },
        initialValue: { title: validFields.title, excerpt: validFields.excerpt },
      },
    });
    expect(onlyPost()).toEqual([]);
  });

  test("a read time left empty is counted from the text at each save: one line is not '5 min read'", async () => {
    const { readTime: _typed, ...untyped } = validFields;
    await post({ ...untyped, readTime: "" });
    const id = String(onlyPost()[0]?.id);
    expect(onlyPost()[0]).toMatchObject({ read_time: "1 min read", read_time_by_staff: 0 });

    // Longer text, the field still empty (absent, as a form without it would send): counted again.
    const words = Array.from({ length: 450 }, () => "word").join(" ");
    await post({ ...untyped, id, content: `<p>${words}</p>` });
    expect(onlyPost()[0]).toMatchObject({ read_time: "3 min read", read_time_by_staff: 0 });

    // The edit form gets it as counted, so it shows the field empty and the count beside it.
    const page = (await loader(
      routeArgs(
        new Request(`http://localhost/admin/blog?edit=${id}`, { headers: { Cookie: adminCookie } }),
      ),
    )) as unknown as { data: { editing: { readTime: string; readTimeByStaff: boolean } } };
    expect(page.data.editing).toMatchObject({ readTime: "3 min read", readTimeByStaff: false });
  });

  test("a read time staff type wins over the count, and stays when the text changes", async () => {
    await post({ ...validFields, readTime: "12 min read" });
    const id = String(onlyPost()[0]?.id);
    expect(onlyPost()[0]).toMatchObject({ read_time: "12 min read", read_time_by_staff: 1 });
    const words = Array.from({ length: 450 }, () => "word").join(" ");
    await post({ ...validFields, id, readTime: "12 min read", content: `<p>${words}</p>` });
    expect(onlyPost()[0]).toMatchObject({ read_time: "12 min read", read_time_by_staff: 1 });
    // Emptied: counted from the text again.
    await post({ ...validFields, id, readTime: " ", content: `<p>${words}</p>` });
    expect(onlyPost()[0]).toMatchObject({ read_time: "3 min read", read_time_by_staff: 0 });
  });

  test("updating or deleting a post that is gone says it failed, with 404", async () => {
    const update = await post({ ...validFields, id: "no-such-post" });
    expect(update.status).toBe(404);
    expect(update.body).toMatchObject({
      notice: { title: "Error", description: "Failed to save blog post" },
    });
    const removal = await post({ intent: "delete", id: "no-such-post" });
    expect(removal.status).toBe(404);
    expect(removal.body).toMatchObject({
      notice: { title: "Error", description: "Failed to delete blog post" },
    });
    expect(onlyPost()).toEqual([]);
  });

  test("an unapproved account's posts are refused with 403 and change nothing", async () => {
    await expect(post(validFields, waitingCookie)).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect(onlyPost()).toEqual([]);
  });
});

describe("when the database fails", () => {
  test("a save the disk refuses says 'Failed to save blog post', keeps the form, and answers 503", async () => {
    const { status, body } = await whileDatabaseIsReadOnly(() => post(validFields));
    expect(status).toBe(503);
    expect(body).toMatchObject({
      notice: { title: "Error", description: "Failed to save blog post" },
      result: { initialValue: { title: validFields.title, content: validFields.content } },
    });
    expect(onlyPost()).toHaveLength(0);
  });

  test("a delete the disk refuses says 'Failed to delete blog post' and keeps the post", async () => {
    await post(validFields);
    const id = String(onlyPost()[0]?.id);
    const { status, body } = await whileDatabaseIsReadOnly(() => post({ intent: "delete", id }));
    expect(status).toBe(503);
    expect(body).toMatchObject({
      notice: { title: "Error", description: "Failed to delete blog post" },
    });
    expect(onlyPost()).toHaveLength(1);
  });

  test("a failure that is not the disk's is a bug: the save, the delete and the list throw it", async () => {
    await post(validFields);
    const id = String(onlyPost()[0]?.id);
    db.$client.exec(
      "create temp trigger refuse_insert before insert on blog_posts begin select raise(abort, 'not the disk'); end",
    );
    db.$client.exec(
      "create temp trigger refuse_delete before delete on blog_posts begin select raise(abort, 'not the disk'); end",
    );
    try {
      await expect(post(validFields)).rejects.toThrow(/not the disk/);
      await expect(post({ intent: "delete", id })).rejects.toThrow(/not the disk/);
    } finally {
      db.$client.exec("drop trigger refuse_insert");
      db.$client.exec("drop trigger refuse_delete");
    }
    expect(onlyPost()).toHaveLength(1);
    db.$client.exec("alter table blog_posts rename to blog_posts_away");
    try {
      await expect(
        loader(
          routeArgs(
            new Request("http://localhost/admin/blog", { headers: { Cookie: adminCookie } }),
          ),
        ),
      ).rejects.toThrow(/no such table/);
    } finally {
      db.$client.exec("alter table blog_posts_away rename to blog_posts");
    }
  });
});

describe("savePost", () => {
  test("the body is sanitised on save: scripts, handlers and javascript: links are gone", async () => {
    const outcome = await savePost(
      formInput({
        ...validFields,
        content:
          '<p onclick="alert(1)">Hi <a href="javascript:alert(2)">there</a><script>alert(3)</script></p><img src=x onerror=alert(4)><h2>Kept</h2><a href="https://example.com">out</a>',
      }),
      STAFF,
    );
    expect(outcome.status).toBe("created");
    const stored = String(onlyPost()[0]?.content);
    expect(stored).toBe(
      '<p>Hi <a>there</a></p><h2>Kept</h2><a href="https://example.com" rel="noopener noreferrer nofollow">out</a>',
    );
    // Stored with the sanitiser's version, so serving it sanitises nothing again.
    expect(onlyPost()[0]?.sanitizer_version).toBe(POST_SANITIZER_VERSION);
  });

  test("a preview link to a real page stores its preview; a failing one saves without", async () => {
    const previewOptions = {
      testHosts: [new URL(pageOrigin).host],
      ports: [80, 443, Number(new URL(pageOrigin).port)],
    };
    const created = await savePost(
      formInput({ ...validFields, previewLink: `${pageOrigin}/article` }),
      STAFF,
      { previewOptions },
    );
    expect(created).toMatchObject({ status: "created", previewFetched: true });
    const id = created.status === "created" ? created.id : "";
    expect(findPostForAdmin(db, id)?.linkPreviews).toEqual([
      {
        url: `${pageOrigin}/article`,
        image: `${pageOrigin}/cover.png`,
        title: "Lean hand-offs in practice",
        description: "How one team halved its rework.",
        domain: "127.0.0.1",
      },
    ]);

    // Saving again with the same link does not fetch it again; a missing page adds nothing.
    const again = await savePost(
      formInput({ ...validFields, id, previewLink: `${pageOrigin}/article` }),
      STAFF,
      { previewOptions },
    );
    expect(again).toMatchObject({ status: "updated", previewFetched: null });
    const missing = await savePost(
      formInput({ ...validFields, id, previewLink: `${pageOrigin}/missing` }),
      STAFF,
      { previewOptions },
    );
    expect(missing).toMatchObject({ status: "updated", previewFetched: false });
    expect(findPostForAdmin(db, id)?.linkPreviews).toHaveLength(1);
    expect(findPostForAdmin(db, id)?.previewLink).toBe(`${pageOrigin}/missing`);
  });

  test("a current preview the admin ticks for removal is removed", async () => {
    const [row] = insertPosts(db, [
      {
        title: "With previews",
        excerpt: "x",
        content: "<p>x</p>",
        author: "Dana Whitfield",
        linkPreviews: JSON.stringify([
          { url: "https://one.example/", title: "One", domain: "one.example" },
          { url: "https://two.example/", title: "Two", domain: "two.example" },
        ]),
      },
    ]);
    const id = row?.id ?? "";
    await post({ ...validFields, id, removePreview: "https://one.example/" });
    expect(findPostForAdmin(db, id)?.linkPreviews.map((preview) => preview.url)).toEqual([
      "https://two.example/",
    ]);
    await post({ ...validFields, id, removePreview: ["https://two.example/"] });
    expect(findPostForAdmin(db, id)?.linkPreviews).toEqual([]);
  });
});

describe("emails to subscribers", () => {
  const confirmedReader = () =>
    db.$client
      .prepare(
        "insert into subscribers (email, email_key, status, source) values (?, ?, 'confirmed', 'insights') on conflict do nothing",
      )
      .run("reader@example.org", "reader@example.org");
  const emailsTo = (recipient: string) =>
    db.$client
      .prepare("select subject, bulk from outbox where recipient = ? order by id")
      .all(recipient) as { subject: string; bulk: number }[];
  beforeEach(() => {
    db.$client.exec("delete from outbox");
    confirmedReader();
  });

  test("the form's Email to subscribers box is stored as ticked or not", async () => {
    await post({ ...validFields, emailSubscribers: "on" });
    await post({ ...validFields, title: "Not emailed" });
    expect(
      onlyPost().map((row) => [row.title, row.email_subscribers, row.newsletter_queued_at]),
    ).toEqual([
      [validFields.title, 1, null],
      ["Not emailed", 0, null],
    ]);
  });

  test("saving a live post wakes the newsletter job: its subscribers' emails are queued within seconds", async () => {
    const runner = startNewsletterJobs({ mayRun: () => true });
    try {
      // The run at start is over; the next tick is a minute away.
      await runner.runNow();
      await post({ ...validFields, emailSubscribers: "on" });
      await expect
        .poll(() => emailsTo("reader@example.org"), { timeout: 5_000 })
        .toEqual([{ subject: validFields.title, bulk: 1 }]);
    } finally {
      await runner.stop();
    }
  });

  test("Send a test to me emails the signed-in admin alone, and says so", async () => {
    const [row] = insertPosts(db, [
      {
        title: "A draft",
        excerpt: "x",
        content: "<p>x</p>",
        author: "Dana Whitfield",
        published: false,
      },
    ]);
    const { status, headers } = await post({ intent: "send-test", id: row!.id });
    expect(status).toBe(303);
    expect(headers.get("Location")).toBe("/admin/blog");
    expect(await toastOf(headers)).toMatchObject({
      title: "Success",
      description: `A test of "A draft" is on its way to ${admin.email}`,
    });
    expect(emailsTo(admin.email)).toEqual([{ subject: "[Test] A draft", bulk: 0 }]);
    expect(emailsTo("reader@example.org")).toEqual([]);
  });

  test("Send again emails a live post to the subscribers as a new round; a draft is refused; the list shows each round", async () => {
    const [live, draft] = insertPosts(db, [
      { title: "Live", excerpt: "x", content: "<p>x</p>", author: "Dana Whitfield" },
      {
        title: "Draft",
        excerpt: "x",
        content: "<p>x</p>",
        author: "Dana Whitfield",
        published: false,
      },
    ]);
    const sent = await post({ intent: "send-again", id: live!.id });
    expect(sent.status).toBe(303);
    expect(await toastOf(sent.headers)).toMatchObject({
      title: "Success",
      description: '"Live" is being emailed again to 1 subscriber',
    });
    expect(emailsTo("reader@example.org")).toEqual([{ subject: "Live", bulk: 1 }]);

    const refused = await post({ intent: "send-again", id: draft!.id });
    expect(await toastOf(refused.headers)).toMatchObject({
      title: "Error",
      description: '"Draft" is not on the site, so it cannot be sent again',
    });
    expect(emailsTo("reader@example.org")).toHaveLength(1);

    const page = (await loader(
      routeArgs(
        new Request(`http://localhost/admin/blog?resend=${live!.id}`, {
          headers: { Cookie: adminCookie },
        }),
      ),
    )) as unknown as {
      data: {
        resending: { id: string; title: string };
        rounds: Record<string, { round: number; requestedBy: number; progress: unknown }[]>;
      };
    };
    expect(page.data.resending).toEqual({ id: live!.id, title: "Live" });
    expect(page.data.rounds[live!.id]).toMatchObject([
      { round: 1, requestedBy: admin.id, progress: { queued: 1, sent: 0, failed: 0 } },
    ]);
  });

  test("a post that is gone answers 404; an unapproved account's Send again and test are refused with 403 and send nothing", async () => {
    const gone = await post({ intent: "send-again", id: "no-such-post" });
    expect(gone.status).toBe(404);
    expect((await post({ intent: "send-test", id: "no-such-post" })).status).toBe(404);
    const [live] = insertPosts(db, [
      { title: "Live", excerpt: "x", content: "<p>x</p>", author: "Dana Whitfield" },
    ]);
    for (const intent of ["send-again", "send-test"]) {
      await expect(post({ intent, id: live!.id }, waitingCookie)).rejects.toMatchObject({
        init: { status: 403 },
      });
    }
    expect(db.$client.prepare("select count(*) as n from outbox").get()).toEqual({ n: 0 });
  });
});
