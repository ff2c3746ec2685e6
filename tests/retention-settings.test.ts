// The retention settings: only an owner changes them, within their bounds, on the audit log; the
// privacy policy states them and the processors as configured, and its cached copy is dropped
// when either changes.
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, test } from "vitest";
import { ProcessorList } from "~/features/retention";
import { removeEndpoint } from "~/features/webhooks/endpoints.server";
import { onPublicContentChange } from "~/lib/content-changes.server";
import { db } from "~/lib/db.server";
import { retentionSettings } from "~/lib/retention.server";
import { action, loader } from "~/routes/admin.retention";
import { loader as privacyPolicyLoader } from "~/routes/privacy-policy";
import { answerOf, callAction, routeArgs, STAFF } from "./support/actions";
import { form, signedIn, staffAccounts } from "./support/staff";

const sqlite = db.$client;
const staff = await staffAccounts("a long enough passphrase");

async function signedInStaff({ owner }: { owner: boolean }) {
  const user = staff({ owner });
  return { user, cookie: await signedIn(user) };
}

const URL_ = "http://localhost/admin/retention";
const post = (cookie: string, fields: Record<string, string>) =>
  callAction(action, form(URL_, fields, cookie), "198.51.100.7");
const periods = {
  leadsMonths: "24",
  emailBodiesDays: "30",
  webhookLogDays: "90",
  auditDays: "730",
};
const auditEntries = () =>
  sqlite
    .prepare("select * from audit_log where action = 'settings.changed' order by id")
    .all() as Record<string, unknown>[];

const announced: (readonly string[])[] = [];
const stopListening = onPublicContentChange((tags) => announced.push(tags));
afterEach(() => {
  announced.length = 0;
});

async function privacyPolicy() {
  const answer = answerOf(await privacyPolicyLoader());
  const body = answer.body as {
    sections: { id: string; title: string; html: string }[];
    processors: Parameters<typeof ProcessorList>[0]["processors"];
  };
  const retention = body.sections.find((section) => section.id === "retention")?.html ?? "";
  return { ...answer, body, retention };
}

describe("the retention settings", () => {
  test("another admin may neither see nor change them: 403, nothing written", async () => {
    const { cookie } = await signedInStaff({ owner: false });
    const seen = await (async () => {
      try {
        return await loader(routeArgs(new Request(URL_, { headers: { Cookie: cookie } })));
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(answerOf(seen).status).toBe(403);
    const answer = await post(cookie, { ...periods, leadsMonths: "1" });
    expect(answer.status).toBe(403);
    expect(retentionSettings(db).leadsMonths).toBe(24);
    expect(auditEntries()).toHaveLength(0);
    expect(announced).toEqual([]);
  });

  test("a period outside its bounds, or not a whole number, is refused at its field", async () => {
    const { cookie } = await signedInStaff({ owner: true });
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ ...periods, auditDays: "10" }, "auditDays", /30 to 3650 days/],
      [{ ...periods, leadsMonths: "121" }, "leadsMonths", /1 to 120 months/],
      [{ ...periods, emailBodiesDays: "2.5" }, "emailBodiesDays", /whole days/],
      [{ ...periods, webhookLogDays: "soon" }, "webhookLogDays", /1 to 3650 days/],
      [{ leadsMonths: "24", emailBodiesDays: "30", webhookLogDays: "90" }, "auditDays", /number/],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await post(cookie, fields);
      expect(answer.status, field).toBe(400);
      const { result } = answer.body as { result: { error: Record<string, string[]> } };
      expect(result.error[field]?.[0], field).toMatch(message);
    }
    expect(retentionSettings(db)).toEqual({
      leadsMonths: 24,
      emailBodiesDays: 30,
      webhookLogDays: 90,
      auditDays: 730,
    });
    expect(auditEntries()).toHaveLength(0);
  });

  test("an owner changes them: stored, audited with before and after, the policy's copy dropped", async () => {
    const { user, cookie } = await signedInStaff({ owner: true });
    const before = await privacyPolicy();
    expect(before.headers.get("Cache-Tag")).toBe("privacy-policy");
    expect(before.retention).toContain("24 months");
    expect(before.retention).toContain("730 days");

    const answer = await post(cookie, { ...periods, leadsMonths: "18", auditDays: "400" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/admin/retention");
    expect(retentionSettings(db)).toMatchObject({ leadsMonths: 18, auditDays: 400 });
    const [entry] = auditEntries();
    expect(entry).toMatchObject({
      actor_user_id: user.id,
      actor_email: user.email,
      target: "settings:retention",
      ip_address: "198.51.100.7",
    });
    expect(JSON.parse(String(entry?.details))).toEqual({
      before: { leadsMonths: 24, emailBodiesDays: 30, webhookLogDays: 90, auditDays: 730 },
      after: { leadsMonths: 18, emailBodiesDays: 30, webhookLogDays: 90, auditDays: 400 },
    });
    expect(announced).toEqual([["privacy-policy"]]);

    const after = await privacyPolicy();
    expect(after.retention).toContain("18 months");
    expect(after.retention).toContain("400 days");
    expect(after.retention).not.toContain("24 months");

    // The same periods again change nothing and write nothing.
    expect((await post(cookie, { ...periods, leadsMonths: "18", auditDays: "400" })).status).toBe(
      303,
    );
    expect(auditEntries()).toHaveLength(1);
    expect(announced).toHaveLength(1);
  });
});

describe("the privacy policy's processors", () => {
  test("names the mail server (none here) and each webhook endpoint by description and host", async () => {
    const none = await privacyPolicy();
    expect(none.body.processors).toEqual({ mailServer: null, leadRecipients: [] });
    const insert = sqlite.prepare(
      "insert into webhook_endpoints (url, description, events, secret) values (?, ?, '[]', 'whsec_secret')",
    );
    const crm = Number(
      insert.run("https://hooks.crm.example/in/tok_abc123?key=k123", "CRM").lastInsertRowid,
    );
    insert.run("https://zap.example.net/hooks/catch/42/xyz", "");

    const { body } = await privacyPolicy();
    expect(body.processors.leadRecipients).toEqual([
      { description: "CRM", host: "hooks.crm.example" },
      { description: "", host: "zap.example.net" },
    ]);
    const shown = renderToStaticMarkup(ProcessorList({ processors: body.processors }));
    expect(shown).toContain("none: mail is written to a local folder");
    expect(shown).toContain("CRM (hooks.crm.example); zap.example.net");
    // Never an endpoint's path, query or secret.
    expect(JSON.stringify(body) + shown).not.toMatch(/tok_abc123|k123|catch|whsec/);

    const withServer = renderToStaticMarkup(
      ProcessorList({ processors: { mailServer: "smtp.mail.example", leadRecipients: [] } }),
    );
    expect(withServer).toContain("the mail server at smtp.mail.example");

    // Removing an endpoint drops the policy's stored copy, which named it.
    expect(removeEndpoint(db, STAFF, crm)).toBe(true);
    expect(announced).toEqual([["privacy-policy"]]);
    stopListening();
  });
});
