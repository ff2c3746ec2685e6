import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { action } from "~/routes/contact";
import { callAction, seededRandom } from "./support/actions";
import { captureLogLines } from "./support/logs";
import { whileDatabaseIsReadOnly } from "./support/storage";

const url = "http://localhost/contact";
const valid = {
  fullName: "Grace Hopper",
  email: "grace@example.org",
  phone: "+1 303 555 0199",
  message: "Our month-end close takes two weeks.",
};

function formPost(fields: [string, string | Blob][], headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of fields) body.append(name, typeof value === "string" ? value : "");
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
}

function multipartPost(fields: [string, string | Blob][]) {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request(url, { method: "POST", body });
}

function count(table: string) {
  return (db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

/** 200 posts that are wrong in every way a client can get them wrong. */
function malformedRequests(): Request[] {
  const random = seededRandom(20261123);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
  // Values each field must refuse (a message may hold markup, line breaks and any language).
  const invalidValues = {
    fullName: ["", "   ", "\u0000", "a\r\nBcc: victim@example.com", "x".repeat(6000), "\u001b[31m"],
    email: ["", "   ", "not-an-email", "@example.org", "x".repeat(6000), "a\u0000@example.org"],
    phone: ["call me", "\u0000", "1".repeat(41), "<script>"],
    // zod counts characters as code points: 5001 emoji are one over the limit.
    message: ["", "   ", "\u0000", "x".repeat(6000), "💥".repeat(5001), "\u001b[31m"],
  };
  const fieldNames = ["fullName", "email", "phone", "message"] as const;
  const requiredNames = ["fullName", "email", "message"] as const;
  const requests: Request[] = [];

  for (let i = 0; requests.length < 200; i += 1) {
    const kind = i % 8;
    const fields: [string, string | Blob][] = Object.entries(valid);
    const target = pick([...fieldNames]);
    if (kind === 0) {
      const missing = pick([...requiredNames]);
      requests.push(formPost(fields.filter(([name]) => name !== missing)));
    } else if (kind === 1) {
      requests.push(formPost([...fields, [target, pick(invalidValues[target])]]));
    } else if (kind === 2) {
      const value = pick(invalidValues[target]);
      requests.push(
        formPost(fields.map(([name, v]) => (name === target ? [name, value] : [name, v]))),
      );
    } else if (kind === 3) {
      requests.push(
        multipartPost([
          ...fields.filter(([name]) => name !== target),
          [target, new Blob(["binary\u0000data"], { type: "application/octet-stream" })],
        ]),
      );
    } else if (kind === 4) {
      requests.push(
        new Request(url, {
          method: "POST",
          headers: { "Content-Type": pick(["application/json", "text/plain", "application/xml"]) },
          body: JSON.stringify(valid),
        }),
      );
    } else if (kind === 5) {
      requests.push(new Request(url, { method: "POST", body: null }));
    } else if (kind === 6) {
      requests.push(
        formPost([
          ["fullName", "x"],
          ["email", "y@example.org"],
          ["message", "z".repeat(70_000 + Math.floor(random() * 10_000))],
        ]),
      );
    } else {
      requests.push(
        new Request(url, {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=nope" },
          body: "--broken\r\nContent-Disposition: form-data; name=",
        }),
      );
    }
  }
  return requests;
}

describe("the contact action", () => {
  test("answers 200 malformed posts with 4xx and stores and sends nothing", async () => {
    const statuses = new Map<number, number>();
    for (const [index, request] of malformedRequests().entries()) {
      const { status } = await callAction(action, request, `198.51.100.${index % 250}`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      expect(status, `request ${index}`).toBeGreaterThanOrEqual(400);
      expect(status, `request ${index}`).toBeLessThan(500);
    }
    expect(count("contact_messages")).toBe(0);
    expect(count("outbox")).toBe(0);
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([400, 413, 415]));
  });

  test("a missing field answers 400 with the field's message and keeps what was typed", async () => {
    const { status, body } = await callAction(
      action,
      formPost(Object.entries({ ...valid, fullName: "" })),
    );
    expect(status).toBe(400);
    const result = (body as { result: { error: Record<string, string[]>; initialValue: unknown } })
      .result;
    expect(result.error.fullName).toEqual(["Please enter your full name."]);
    expect(result.initialValue).toMatchObject({ email: valid.email, message: valid.message });
  });

  test("a valid message is stored and its email queued in one go, then the visitor is redirected", async () => {
    const { status, headers } = await callAction(action, formPost(Object.entries(valid)));
    expect(status).toBe(302);
    expect(headers.get("Location")).toBe("/contact");
    expect(headers.get("Set-Cookie")).toMatch(/^toast=/);
    const message = db.$client
      .prepare("select * from contact_messages order by id desc limit 1")
      .get();
    expect(message).toMatchObject({
      full_name: valid.fullName,
      email: valid.email,
      phone: valid.phone,
      message: valid.message,
    });
    const email = db.$client
      .prepare("select * from outbox order by id desc limit 1")
      .get() as Record<string, unknown>;
    expect(email).toMatchObject({
      recipient: "hello@keelstone.example.com",
      reply_to: valid.email,
      subject: `New contact message from ${valid.fullName}`,
      contact_message_id: (message as { id: number }).id,
    });
    expect(email.text_body).toContain(valid.phone);
    expect(email.html_body).toContain(valid.message);
  });

  describe("the same post sent again (its answer lost, a double click)", () => {
    const storedWith = (message: string) =>
      db.$client
        .prepare(
          `select m.id, (select count(*) from outbox o where o.contact_message_id = m.id and o.channel = 'email') as emails
           from contact_messages m where m.message = ?`,
        )
        .all(message);
    const post = (message: string, formId?: string) =>
      formPost([
        ...Object.entries({ ...valid, message }),
        ...(formId === undefined ? [] : ([["formId", formId]] as [string, string][])),
      ]);

    test("with the form's id: stored once, its email queued once, the same answer each time", async () => {
      const message = "Replayed with an id: our invoices wait a week.";
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        answers.push(await callAction(action, post(message, "0f".repeat(16)), "192.0.2.31"));
      }
      for (const { status, headers } of answers) {
        expect(status).toBe(302);
        expect(headers.get("Location")).toBe("/contact");
        expect(headers.get("Set-Cookie")).toMatch(/^toast=/);
      }
      expect(storedWith(message)).toEqual([{ id: expect.any(Number), emails: 1 }]);

      // Another showing of the form is another message, though the words are the same.
      await callAction(action, post(message, "1e".repeat(16)), "192.0.2.31");
      expect(storedWith(message)).toHaveLength(2);
    });

    test("posted empty (no script ran): the words of the day are one message", async () => {
      const message = "Replayed without a script: our approvals stall.";
      await callAction(action, post(message, ""), "192.0.2.32");
      await callAction(action, post(message, ""), "192.0.2.32");
      expect(storedWith(message)).toEqual([{ id: expect.any(Number), emails: 1 }]);
    });

    test("from a page without the field: stored every time, as before", async () => {
      const message = "From an old page: stock counts never match.";
      await callAction(action, post(message), "192.0.2.33");
      await callAction(action, post(message), "192.0.2.33");
      expect(storedWith(message)).toHaveLength(2);
    });
  });

  test("a bot that fills the honeypot is told it succeeded, and nothing is stored", async () => {
    const before = count("contact_messages");
    const { status } = await callAction(
      action,
      formPost([...Object.entries(valid), ["website", "https://spam.example"]]),
    );
    expect(status).toBe(302);
    expect(count("contact_messages")).toBe(before);
  });

  test("when the disk refuses the write the visitor sees the error, keeps the fields, and the log says why", async () => {
    const before = { messages: count("contact_messages"), outbox: count("outbox") };
    const logs = captureLogLines();
    try {
      const { status, body } = await whileDatabaseIsReadOnly(() =>
        callAction(action, formPost(Object.entries(valid))),
      );
      expect(status).toBe(503);
      expect(body).toMatchObject({
        notice: { title: "Error", description: "Failed to send message. Please try again." },
        result: { initialValue: { fullName: valid.fullName, message: valid.message } },
      });
    } finally {
      logs.restore();
    }
    expect(count("contact_messages")).toBe(before.messages);
    expect(count("outbox")).toBe(before.outbox);
    // The log says what failed, and nothing the visitor wrote.
    const { lines } = logs;
    expect(
      lines.some((line) =>
        line.includes('"event":"storage_unavailable","code":"SQLITE_READONLY","method":"POST"'),
      ),
    ).toBe(true);
    for (const value of [valid.message, valid.email, valid.fullName, valid.phone]) {
      expect(lines.join("\n")).not.toContain(value);
    }
  });

  test("any other failure is not answered as the disk's: it is thrown, and nothing is half-written", async () => {
    const before = { messages: count("contact_messages"), outbox: count("outbox") };
    // The message row is written, then its email cannot be: the transaction takes both back.
    db.$client.exec("alter table outbox rename to outbox_unavailable");
    try {
      await expect(callAction(action, formPost(Object.entries(valid)))).rejects.toThrow(
        /no such table: outbox/,
      );
    } finally {
      db.$client.exec("alter table outbox_unavailable rename to outbox");
    }
    expect(count("contact_messages")).toBe(before.messages);
    expect(count("outbox")).toBe(before.outbox);
  });

  test("the eleventh post from one address within the window is refused with 429", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 10; i += 1) {
      const { status } = await callAction(action, formPost([["fullName", ""]]), ip);
      expect(status).toBe(400);
    }
    const { status, headers } = await callAction(action, formPost(Object.entries(valid)), ip);
    expect(status).toBe(429);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    const { status: otherAddress } = await callAction(
      action,
      formPost([["fullName", ""]]),
      "192.0.2.78",
    );
    expect(otherAddress).toBe(400);
  });
});
