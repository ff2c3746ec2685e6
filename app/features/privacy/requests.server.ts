// A person's request about their data: what the site holds about one address, the export of it
// and its erasure, each asking every holder in turn (holders.server.ts) and each in the audit log,
// which keeps the address only as its keyed hash (decision 069).
import { addressKey } from "~/lib/address-keys.server";
import { recordAudit } from "~/lib/audit.server";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import type { PersonalRecords } from "~/lib/personal-data";
import { normalisedAddress } from "~/lib/personal-data.server";
import { siteConfig } from "~/lib/site-config.server";
import { queueLeadEvent } from "~/features/webhooks/index.server";
import { PERSONAL_DATA_HOLDERS } from "./holders.server";
import { PRIVACY_EXPORT_FORMAT, type ErasureReport, type PrivacyExport } from "./shapes";

/** Who asked, for the audit log. */
export type PrivacyActor = { id: number; email: string; ipAddress: string | null };

const audited = (actor: PrivacyActor) => ({
  actor: { id: actor.id, email: actor.email },
  ipAddress: actor.ipAddress,
});

function everything(db: Queryable, email: string): PersonalRecords[] {
  return PERSONAL_DATA_HOLDERS.flatMap((holder) => holder.find(db, email));
}

const countsOf = (found: PersonalRecords[]) =>
  Object.fromEntries(found.map((kind) => [kind.kind, kind.records.length]));

/** Every record held about the address, by kind; the search is in the audit log. */
export function findPersonalData(
  db: AppDatabase,
  email: string,
  actor: PrivacyActor,
  now = new Date(),
) {
  return db.transaction(
    (tx) => {
      const found = everything(tx, email);
      recordAudit(tx, {
        action: "privacy.search",
        ...audited(actor),
        subjectEmail: email,
        details: { found: countsOf(found) },
        at: now,
      });
      return found;
    },
    { behavior: "immediate" },
  );
}

/** The document a person gets: everything held about the address; the export is audited. */
export function exportPersonalData(
  db: AppDatabase,
  email: string,
  actor: PrivacyActor,
  now = new Date(),
): PrivacyExport {
  return db.transaction(
    (tx) => {
      const found = everything(tx, email);
      recordAudit(tx, {
        action: "privacy.export",
        ...audited(actor),
        subjectEmail: email,
        details: { exported: countsOf(found) },
        at: now,
      });
      return {
        format: PRIVACY_EXPORT_FORMAT,
        email: normalisedAddress(email),
        exportedAt: now.toISOString(),
        site: siteConfig.origin,
        records: Object.fromEntries(found.map((kind) => [kind.kind, kind.records])),
      };
    },
    { behavior: "immediate" },
  );
}

/** The kinds whose ids earlier webhook events carried, so a receiver can find what to erase. */
const LEAD_KINDS = ["contact_messages", "assessment_submissions", "bookings", "subscriptions"];

const idsOf = (kind: PersonalRecords | undefined) =>
  (kind?.records ?? []).flatMap((record) => (typeof record.id === "number" ? [record.id] : []));

/**
 * Erases every record held about the address in one transaction, across every holder: deleted,
 * or kept without anything that names the person. Tells the webhooks (the erased leads' ids and
 * the address's keyed hash, never the address) and the audit log, with how many of each kind.
 */
export function erasePersonalData(
  db: AppDatabase,
  email: string,
  actor: PrivacyActor,
  now = new Date(),
): ErasureReport {
  return db.transaction(
    (tx) => {
      const found = everything(tx, email);
      const counts: Record<string, number> = {};
      for (const holder of PERSONAL_DATA_HOLDERS) {
        Object.assign(counts, holder.erase(tx, email, now));
      }
      const leads = Object.fromEntries(
        LEAD_KINDS.map((kind) => [kind, idsOf(found.find((held) => held.kind === kind))]),
      );
      queueLeadEvent(tx, {
        type: "privacy.erased",
        at: now,
        data: { subjectKey: addressKey(email), erasedAt: now.toISOString(), leads, counts },
      });
      recordAudit(tx, {
        action: "privacy.erase",
        ...audited(actor),
        subjectEmail: email,
        details: { counts },
        at: now,
      });
      const kept = found
        .filter((kind) => kind.kept !== undefined && kind.records.length > 0)
        .map((kind) => ({ label: kind.label, count: kind.records.length, why: kind.kept! }));
      return { counts, kept };
    },
    { behavior: "immediate" },
  );
}
