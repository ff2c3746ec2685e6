// The outbox's buttons through its action, as staff press them: Send now, Send all now and Discard,
// each answered with a 303 back to the list and a notice; strangers and stray posts get nothing.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { outbox } from "~/db/schema";
import { startSession } from "~/features/accounts/admin-session.server";
import { insertUser } from "~/features/accounts/user-queries.server";
import { enqueueEmail } from "~/features/outbox/index.server";
import { getToast } from "~/lib/toast.server";
import { action } from "~/routes/admin.outbox";
import { callAction } from "./support/actions";

let cookie = "";
beforeAll(async () => {
  const admin = insertUser(db, {
    email: "outbox-admin@example.org",
    passwordHash: "not used here",
    confirmedAt: new Date(),
    approvedAt: new Date(),
  });
  cookie = (await startSession(new Request("http://localhost"), admin.id)).split(";")[0] ?? "";
});

const inAnHour = () => new Date(Date.now() + 60 * 60_000);

function queue(subject: string, held = false) {
  const id = enqueueEmail(db, { to: "firm@example.com", subject, text: subject, html: subject });
  db.update(outbox)
    .set({ nextAttemptAt: inAnHour(), heldAt: held ? new Date() : null })
    .where(eq(outbox.id, id))
    .run();
  return id;
}

const row = (id: number) => db.select().from(outbox).where(eq(outbox.id, id)).get();

async function press(fields: Record<string, string>, withCookie = cookie) {
  const answer = await callAction(
    action,
    new Request("http://localhost/admin/outbox?state=queued", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: withCookie },
      body: new URLSearchParams(fields),
    }),
  );
  const toast = await getToast(
    new Request("http://localhost", {
      headers: { Cookie: (answer.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "" },
    }),
  );
  return { ...answer, title: toast.toast?.title };
}

test("Send now makes one queued email due at once; Send all now every one but the held", async () => {
  const [first, second] = [queue("First"), queue("Second")];
  const held = queue("Held", true);

  const one = await press({ intent: "send-now", id: String(first) });
  expect(one).toMatchObject({ status: 303, title: "Sending now" });
  expect(one.headers.get("Location")).toBe("/admin/outbox?state=queued");
  expect(row(first)?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  expect(row(second)?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

  expect(await press({ intent: "send-all" })).toMatchObject({ status: 303, title: "Sending now" });
  expect(row(second)?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  expect(row(held)).toMatchObject({ heldAt: expect.any(Date) });
  expect(row(held)?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

  expect(await press({ intent: "send-now", id: String(held) })).toMatchObject({ status: 303 });
  expect(row(held)).toMatchObject({ heldAt: null });
});

test("Discard ends a held email as failed, and only a held one", async () => {
  const held = queue("Held to discard", true);
  const waiting = queue("Waiting");
  expect(await press({ intent: "discard", id: String(waiting) })).toMatchObject({
    status: 303,
    title: "Error",
  });
  expect(row(waiting)?.failedAt).toBeNull();
  expect(await press({ intent: "discard", id: String(held) })).toMatchObject({
    status: 303,
    title: "Discarded",
  });
  expect(row(held)).toMatchObject({ heldAt: null, failedAt: expect.any(Date) });
});

test("a stray post is refused with 400, a stranger's with 401, and nothing changes", async () => {
  const waiting = queue("Untouched");
  expect((await press({ intent: "send-everything" })).status).toBe(400);
  expect((await press({ intent: "send-now", id: "not a number" })).status).toBe(400);
  await expect(press({ intent: "send-all" }, "")).rejects.toMatchObject({ init: { status: 401 } });
  expect(row(waiting)?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
});
