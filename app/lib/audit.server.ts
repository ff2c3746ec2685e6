// The audit log: one entry per thing staff did (and per failed sign-in), appended in the same
// transaction as the change it records where there is one, so the log never claims what did not
// happen. The table refuses changes (drizzle/0029); this module is the only one that writes it.
import { addressKey } from "./address-keys.server";
import type { Queryable } from "./db-client.server";
import { asc, eq, lt } from "drizzle-orm";
import { auditLog } from "~/db/schema";
import type { PersonalDataHolder } from "./personal-data";

/** Every action the log records, with the words the admin shows for it. */
export const AUDIT_ACTIONS = {
  "session.sign_in": "Signed in",
  "session.sign_in_failed": "Sign-in failed",
  "session.sign_out": "Signed out",
  "two_factor.enabled": "Two-factor sign-in turned on",
  "two_factor.disabled": "Two-factor sign-in turned off",
  "two_factor.reset": "Two-factor sign-in reset by an owner",
  "two_factor.requirement_changed": "Two-factor requirement changed",
  "passkey.added": "Passkey added",
  "passkey.removed": "Passkey removed",
  "account.approved": "Account approved",
  "account.role_changed": "Role changed",
  "account.removed": "Account removed",
  "account.invited": "Colleague invited",
  "post.published": "Post published",
  "post.deleted": "Post deleted",
  "export.csv": "CSV exported",
  "privacy.search": "Privacy search",
  "privacy.export": "Personal data exported",
  "privacy.erase": "Personal data erased",
  "webhook.created": "Webhook endpoint added",
  "webhook.changed": "Webhook endpoint changed",
  "webhook.removed": "Webhook endpoint removed",
  "settings.changed": "Settings changed",
  "retention.swept": "Old records deleted by the retention sweep",
  "subscribers.imported": "Subscribers imported",
  "subscriber.removed": "Subscriber removed",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export type AuditEntry = {
  action: AuditAction;
  /** The staff member who acted; none for a failed sign-in or the server's own work. */
  actor?: { id: number; email: string } | null;
  target?: string;
  /** The address of the person outside the firm the entry is about: stored as its keyed hash. */
  subjectEmail?: string;
  ipAddress?: string | null;
  details?: Record<string, unknown>;
  at?: Date;
};

/** Appends one entry; call it inside the transaction of the change it records. */
export function recordAudit(db: Queryable, entry: AuditEntry) {
  db.insert(auditLog)
    .values({
      at: entry.at ?? new Date(),
      actorUserId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      target: entry.target ?? null,
      subjectKey: entry.subjectEmail === undefined ? null : addressKey(entry.subjectEmail),
      ipAddress: entry.ipAddress ?? null,
      details: entry.details ?? null,
    })
    .run();
}

/**
 * Deletes the entries made before `cutoff`, for the retention sweep: the only deletion the table
 * allows, and only of entries older than the period the database itself reads. How many went.
 */
export function deleteAuditEntriesBefore(db: Queryable, cutoff: Date): number {
  return db.delete(auditLog).where(lt(auditLog.at, cutoff)).run().changes;
}

/**
 * The audit log's answer to a privacy request: the entries about the address, found by its keyed
 * hash, which is all they hold of it. Nothing is erased: the entries stay for their retention.
 */
export const auditPersonalData: PersonalDataHolder = {
  tables: ["audit_log"],
  find(db, email) {
    const records = db
      .select({ at: auditLog.at, action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.subjectKey, addressKey(email)))
      .orderBy(asc(auditLog.at), asc(auditLog.id))
      .all()
      .map((entry) => ({ ...entry, at: entry.at.toISOString() }));
    return [
      {
        kind: "audit_entries",
        label: "Audit log entries about the address",
        records,
        kept: "The audit log holds only the address's keyed hash, and keeps each entry for its retention.",
      },
    ];
  },
  erase: () => ({}),
};
