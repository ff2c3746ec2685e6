// The visitor's side of Insights subscriptions, through the routes' actions and loaders on a real
// SQLite file, with the outbox delivering to a real SMTP server on 127.0.0.1: the subscribe form's
// answers, the confirmation link that only a press of its button spends, and the unsubscribe link.
import { afterAll, describe, expect, test, vi } from "vitest";
import { db } from "~/lib/db.server";
import { secretLinkHeaders } from "~/lib/headers";
import { unsubscribeToken } from "~/features/subscribers/links.server";
import { action as subscribeAction } from "~/routes/insights.subscribe";
import {
  action as confirmAction,
  loader as confirmLoader,
} from "~/routes/insights.subscribe_.confirm.$token";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "~/routes/insights.unsubscribe.$token";
import { answerOf, callAction, routeArgs } from "./support/actions";
import { startMailDelivery } from "./support/mail-delivery";

const { sink, stop: stopMailDelivery } = await startMailDelivery(50);

afterAll(stopMailDelivery);

type Row = Record<string, unknown>;
const count = (table: string) =>
  (db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
const subscriber = (email: string) =>
  db.$client.prepare("select * from subscribers where email_key = ?").get(email.toLowerCase()) as
    Row | undefined;
const emailsTo = (email: string) =>
  db.$client
    .prepare("select * from outbox where channel = 'email' and lower(recipient) = ?")
    .all(email.toLowerCase()) as Row[];

function subscribePost(fields: Record<string, string>) {
  return new Request("http://localhost/insights/subscribe", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

let addressCounter = 0;
/** A client address of its own, so one test's posts never count against another's limit. */
const newClientIp = () => `198.51.100.${(addressCounter += 1)}`;

const subscribe = (fields: Record<string, string>, clientIp = newClientIp()) =>
  callAction(subscribeAction, subscribePost(fields), clientIp);

/** The link in the `nth` confirmation email to the address, once the SMTP server has it. */
async function confirmationLinkTo(email: string, nth = 1) {
  const mail = await vi.waitFor(
    () => {
      const found = sink.messages.filter((message) => message.to.includes(email))[nth - 1];
      if (!found) throw new Error(`no email number ${nth} to ${email}`);
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
  const link = /https?:\/\/\S+\/insights\/subscribe\/confirm\/[\w-]{43}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in ${mail.text}`);
  return { mail, link: new URL(link) };
}

const tokenOf = (link: URL) => link.pathname.split("/").at(-1) ?? "";

const linkPage = (path: string, method: "GET" | "POST") =>
  new Request(`http://localhost${path}`, {
    method,
    ...(method === "POST"
      ? {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }
      : {}),
  });

const confirmPage = async (token: string, method: "GET" | "POST") => {
  const request = linkPage(`/insights/subscribe/confirm/${token}`, method);
  const args = routeArgs(request, { params: { token } });
  return answerOf(method === "GET" ? confirmLoader(args) : confirmAction(args));
};

const unsubscribePage = async (token: string, method: "GET" | "POST") => {
  const request = linkPage(`/insights/unsubscribe/${token}`, method);
  const args = routeArgs(request, { params: { token } });
  return answerOf(method === "GET" ? unsubscribeLoader(args) : unsubscribeAction(args));
};

describe("the subscribe form's answer", () => {
  test.each([
    ["an empty address", { email: "" }, "email", "Please enter your email address."],
    ["an address that is not one", { email: "not-an-address" }, "email", "valid email"],
    ["an address over 254 characters", { email: `${"a".repeat(250)}@example.org` }, "email", "254"],
    [
      "a name over 120 characters",
      { email: "ok@example.org", name: "n".repeat(121) },
      "name",
      "120",
    ],
  ])(
    "%s is refused at its field with 400, and nothing is written",
    async (_, fields, field, words) => {
      const before = { subscribers: count("subscribers"), outbox: count("outbox") };
      const { status, body, headers } = await subscribe(fields);
      expect(status).toBe(400);
      const errors = (body as { result: { error: Record<string, string[]> } }).result.error;
      expect(errors[field]?.join(" ")).toContain(words);
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(count("subscribers")).toBe(before.subscribers);
      expect(count("outbox")).toBe(before.outbox);
    },
  );

  test("is the same for a new address, one waiting to confirm and one confirmed; only the first two get a link", async () => {
    const email = "same.answer@example.org";
    const answers = [await subscribe({ email, name: "Ada", source: "article" })];
    expect(subscriber(email)).toMatchObject({ status: "pending", name: "Ada", source: "article" });
    answers.push(await subscribe({ email }));
    expect(emailsTo(email)).toHaveLength(2);
    // Both links went out; the second replaced the first.
    const { link } = await confirmationLinkTo(email, 2);
    expect((await confirmPage(tokenOf(link), "POST")).body).toEqual({ state: "confirmed" });
    answers.push(await subscribe({ email }));

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ sentTo: email });
      expect([...answer.headers]).toEqual([...answers[0]!.headers]);
    }
    expect(answers[0]!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(emailsTo(email)).toHaveLength(2);
    expect(subscriber(email)).toMatchObject({ status: "confirmed" });
  });

  test("a bot that fills the honeypot gets the same answer, and nothing is stored or sent", async () => {
    const before = { subscribers: count("subscribers"), outbox: count("outbox") };
    const email = "bot@example.org";
    const answer = await subscribe({ email, website: "https://spam.example" });
    expect(answer).toMatchObject({ status: 200, body: { sentTo: email } });
    expect(count("subscribers")).toBe(before.subscribers);
    expect(count("outbox")).toBe(before.outbox);
  });

  test("the eleventh post from one client address within the window is refused with 429", async () => {
    const clientIp = newClientIp();
    for (let n = 0; n < 10; n += 1) {
      expect((await subscribe({ email: "" }, clientIp)).status).toBe(400);
    }
    const before = count("subscribers");
    const { status, body, headers } = await subscribe({ email: "late@example.org" }, clientIp);
    expect(status).toBe(429);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(body).toMatchObject({ notice: { type: "error", title: "Too many attempts" } });
    expect(count("subscribers")).toBe(before);
    expect((await subscribe({ email: "late@example.org" })).status).toBe(200);
  });
});

describe("the confirmation link", () => {
  test("arrives by email; opening it asks and changes nothing; its button confirms, once", async () => {
    const email = "opt.in@example.org";
    await subscribe({ email, source: "insights" });
    const { mail, link } = await confirmationLinkTo(email);
    expect(mail.subject).toMatch(/Confirm your subscription/);
    expect(link.pathname).toMatch(/^\/insights\/subscribe\/confirm\//);
    const token = tokenOf(link);

    const opened = await confirmPage(token, "GET");
    expect(opened).toMatchObject({ status: 200, body: { state: "valid" } });
    expect(Object.fromEntries(opened.headers)).toEqual(lowerCased(secretLinkHeaders));
    // A scanner opening the link twice more confirms nothing.
    await confirmPage(token, "GET");
    expect(subscriber(email)).toMatchObject({ status: "pending", confirmed_at: null });

    const confirmed = await confirmPage(token, "POST");
    expect(confirmed).toMatchObject({ status: 200, body: { state: "confirmed" } });
    expect(subscriber(email)).toMatchObject({ status: "confirmed" });

    expect(await confirmPage(token, "GET")).toMatchObject({
      status: 404,
      body: { state: "invalid" },
    });
    expect(await confirmPage(token, "POST")).toMatchObject({
      status: 404,
      body: { state: "invalid" },
    });
  });

  test("after 7 days answers 410 and confirms nothing; an unknown one answers 404", async () => {
    const email = "too.late@example.org";
    await subscribe({ email });
    const { link } = await confirmationLinkTo(email);
    db.$client
      .prepare("update subscribers set confirmation_sent_at = ? where email_key = ?")
      .run(Date.now() - 7 * 24 * 60 * 60_000 - 60_000, email);
    for (const method of ["GET", "POST"] as const) {
      expect(await confirmPage(tokenOf(link), method)).toMatchObject({
        status: 410,
        body: { state: "expired" },
      });
    }
    expect(subscriber(email)).toMatchObject({ status: "pending" });
    expect(await confirmPage("A".repeat(43), "GET")).toMatchObject({ status: 404 });
    expect(await confirmPage("not-a-token", "POST")).toMatchObject({ status: 404 });
  });
});

describe("the unsubscribe link", () => {
  test("opening it asks; its post unsubscribes; a forged one answers 404 and changes nothing", async () => {
    const email = "leaving@example.org";
    await subscribe({ email });
    await confirmPage(tokenOf((await confirmationLinkTo(email)).link), "POST");
    const id = Number(subscriber(email)?.id);
    const token = unsubscribeToken(id);

    const opened = await unsubscribePage(token, "GET");
    expect(opened).toMatchObject({ status: 200, body: { state: "valid" } });
    expect(Object.fromEntries(opened.headers)).toEqual(lowerCased(secretLinkHeaders));
    expect(subscriber(email)).toMatchObject({ status: "confirmed" });

    const forged = `${id}.${"A".repeat(43)}`;
    expect(await unsubscribePage(forged, "GET")).toMatchObject({
      status: 404,
      body: { state: "invalid" },
    });
    expect(await unsubscribePage(forged, "POST")).toMatchObject({ status: 404 });
    expect(await unsubscribePage("not-a-token", "POST")).toMatchObject({ status: 404 });
    expect(subscriber(email)).toMatchObject({ status: "confirmed" });

    expect(await unsubscribePage(token, "POST")).toMatchObject({
      status: 200,
      body: { state: "unsubscribed" },
    });
    expect(subscriber(email)).toMatchObject({ status: "unsubscribed" });
  });
});

function lowerCased(headers: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}
