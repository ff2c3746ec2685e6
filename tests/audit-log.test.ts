import { describe, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { addressKey } from "~/lib/address-keys.server";
import { recordAudit } from "~/lib/audit.server";
import { saveSetting } from "~/lib/settings.server";

const DAY_MS = 86_400_000;
const sqlite = db.$client;

function entryDaysOld(days: number) {
  recordAudit(db, {
    action: "export.csv",
    actor: { id: 1, email: "owner@example.com" },
    target: "export:messages",
    at: new Date(Date.now() - days * DAY_MS),
  });
  return Number((sqlite.prepare("select max(id) as id from audit_log").get() as { id: number }).id);
}

const deleteEntry = (id: number) => sqlite.prepare("delete from audit_log where id = ?").run(id);

describe("the audit log", () => {
  test("keeps an address outside the firm only as its keyed hash", () => {
    recordAudit(db, {
      action: "privacy.search",
      actor: { id: 1, email: "owner@example.com" },
      subjectEmail: "Grace@Example.org",
      ipAddress: "203.0.113.7",
    });
    const row = sqlite.prepare("select * from audit_log order by id desc limit 1").get() as Record<
      string,
      unknown
    >;
    expect(row.subject_key).toBe(addressKey("grace@example.org"));
    expect(JSON.stringify(row)).not.toMatch(/grace@example\.org/i);
  });

  test("refuses every change of an entry", () => {
    const id = entryDaysOld(1000);
    expect(() =>
      sqlite.prepare("update audit_log set action = 'post.deleted' where id = ?").run(id),
    ).toThrow(/cannot be changed/);
    expect(() => sqlite.prepare("update audit_log set actor_email = null").run()).toThrow(
      /cannot be changed/,
    );
  });

  test("refuses to delete an entry younger than its retention, and lets an older one go", () => {
    const recent = entryDaysOld(700);
    const old = entryDaysOld(731);
    expect(() => deleteEntry(recent)).toThrow(/kept until their retention ends/);
    expect(() => sqlite.prepare("delete from audit_log").run()).toThrow(
      /kept until their retention ends/,
    );
    expect(deleteEntry(old).changes).toBe(1);
  });

  test("reads the retention staff set, but never lets an entry go before 30 days", () => {
    saveSetting(db, "retention.auditDays", "40");
    const fortyFive = entryDaysOld(45);
    expect(deleteEntry(fortyFive).changes).toBe(1);
    saveSetting(db, "retention.auditDays", "5");
    const twenty = entryDaysOld(20);
    expect(() => deleteEntry(twenty)).toThrow(/kept until their retention ends/);
    saveSetting(db, "retention.auditDays", "730");
  });
});
