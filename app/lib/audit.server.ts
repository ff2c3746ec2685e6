// The audit log: one entry per thing staff did (and per failed sign-in), appended in the same
// transaction as the change it records where there is one, so the log never claims what did not
// happen. The table refuses changes (drizzle/0029); this module is the only one that writes it.
import { and, asc, count, desc, eq, gte, lt, or } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { addressKey } from "./address-keys.server";
import type { Queryable } from "./db-client.server";
import { db } from "./db.server";
import { batchBefore } from "./export-batches.server";
import { clientIpOf } from "./request-context";
import {
  type DateRange,
  type ListPage,
  dateRangeFrom,
  dateRangeParams,
  filterFrom,
  oneOf,
  wholeNumber,
} from "./url-filters";
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
  "two_factor.recovery_codes_replaced": "New recovery codes made",
  "two_factor.requirement_changed": "Two-factor requirement changed",
  "passkey.added": "Passkey added",
  "passkey.removed": "Passkey removed",
  "account.approved": "Account approved",
  "account.role_changed": "Role changed",
  "account.removed": "Account removed (access revoked)",
  "account.invited": "Colleague invited",
  "account.invitation_revoked": "Invitation withdrawn",
  "post.published": "Post published",
  "post.deleted": "Post deleted",
  "newsletter.sent_again": "Post emailed to subscribers again",
  "message.handled": "Message marked as handled",
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

/** Who acted, and from which address: what a route hands the feature that records the entry. */
export type AuditSource = { actor: { id: number; email: string }; ipAddress: string };

/** The signed-in staff member of this request as the log names them. */
export function auditSource(
  user: { id: number; email: string },
  context: Pick<RouterContextProvider, "get">,
): AuditSource {
  return { actor: { id: user.id, email: user.email }, ipAddress: clientIpOf(context) };
}

/** The log's filters, as the owner's screen and its CSV read them from the URL. */
export type AuditFilters = DateRange & {
  /** A staff account: the entries it made, and those about it (a failed sign-in to it). */
  userId: number | null;
  action: AuditAction | null;
};

const actionNames = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function auditFiltersFrom(search: URLSearchParams, timeZone: string): AuditFilters {
  return {
    ...dateRangeFrom(search, timeZone),
    userId: filterFrom(search, "user", wholeNumber),
    action: filterFrom(search, "action", oneOf(actionNames)),
  };
}

/** The filters as URL parameters again, for the pages' links and the CSV's. */
export function auditFilterParams(filters: AuditFilters, timeZone: string): URLSearchParams {
  const params = dateRangeParams(filters, timeZone);
  if (filters.userId !== null) params.set("user", String(filters.userId));
  if (filters.action !== null) params.set("action", filters.action);
  return params;
}

function whereOf({ from, until, userId, action }: AuditFilters) {
  return and(
    from ? gte(auditLog.at, from) : undefined,
    until ? lt(auditLog.at, until) : undefined,
    action ? eq(auditLog.action, action) : undefined,
    userId === null
      ? undefined
      : or(eq(auditLog.actorUserId, userId), eq(auditLog.target, `user:${userId}`)),
  );
}

export type AuditRow = typeof auditLog.$inferSelect;

/** One page of the entries the filters select, newest first. */
export function auditEntriesPage(
  filters: AuditFilters,
  { page, perPage }: ListPage,
): { rows: AuditRow[]; total: number } {
  const where = whereOf(filters);
  const rows = db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
    .all();
  const total = db.select({ total: count() }).from(auditLog).where(where).get()?.total ?? 0;
  return { rows, total };
}

/**
 * The entries the filters select, a batch at a time, newest first by id (the CSV's keyset walk):
 * an entry is appended with the time it happened, so id order is the order of the log.
 */
export function auditEntriesBatch(
  filters: AuditFilters,
  beforeId: number | null,
  size: number,
): AuditRow[] {
  return db
    .select()
    .from(auditLog)
    .where(batchBefore(auditLog.id, beforeId, whereOf(filters)))
    .orderBy(desc(auditLog.id))
    .limit(size)
    .all();
}
