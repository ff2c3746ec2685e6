// One CSV download of the leads, as the route asks for it by kind: the filters read from the URL,
// the rows streamed, and the download recorded in the audit log with the filters it applied (read
// back from what was understood, so nothing typed into the URL reaches the log as it was).
import { assessmentFilterParams, assessmentFiltersFrom } from "~/features/assessment";
import { messageFilterParams, messageFiltersFrom } from "~/features/contact";
import {
  auditFilterParams,
  recordAudit,
  type AuditFilters,
  type AuditSource,
} from "~/lib/audit.server";
import { db } from "~/lib/db.server";
import { periodDaysFrom, periodEndingToday } from "~/lib/periods";
import {
  assessmentsCsv,
  auditLogCsv,
  bookingsCsv,
  contactMessagesCsv,
  ctaClicksCsv,
  subscribersCsv,
} from "./exports.server";

type Export = { csv: ReadableStream<Uint8Array>; filters: URLSearchParams };

const exports: Record<string, (search: URLSearchParams, timeZone: string, now: Date) => Export> = {
  assessments: (search, timeZone) => {
    const filters = assessmentFiltersFrom(search, timeZone);
    return { csv: assessmentsCsv(filters), filters: assessmentFilterParams(filters, timeZone) };
  },
  messages: (search, timeZone) => {
    const filters = messageFiltersFrom(search, timeZone);
    return { csv: contactMessagesCsv(filters), filters: messageFilterParams(filters, timeZone) };
  },
  clicks: (search, timeZone, now) => {
    const days = periodDaysFrom(search);
    return {
      csv: ctaClicksCsv(periodEndingToday(days, now, timeZone)),
      filters: new URLSearchParams({ days: String(days) }),
    };
  },
  // Every call, past and to come: a firm books few enough that no filter is needed.
  bookings: (_search, timeZone) => ({ csv: bookingsCsv(timeZone), filters: new URLSearchParams() }),
  // Every subscriber (the Subscribers screen's download): the list is the firm's to keep.
  subscribers: () => ({ csv: subscribersCsv(), filters: new URLSearchParams() }),
};

/** The CSV of one kind of lead (`export:<kind>` in the audit log), or null for no such kind. */
export function leadsCsvExport(
  kind: string,
  search: URLSearchParams,
  { by, timeZone, now = new Date() }: { by: AuditSource; timeZone: string; now?: Date },
): ReadableStream<Uint8Array> | null {
  if (!Object.hasOwn(exports, kind)) return null;
  const { csv, filters } = exports[kind]!(search, timeZone, now);
  recordAudit(db, {
    action: "export.csv",
    ...by,
    target: `export:${kind}`,
    details: { filters: filters.toString() },
    at: now,
  });
  return csv;
}

/** The owner's CSV of the audit log for the filters, recorded in the log as `export:audit`. */
export function auditCsv(
  filters: AuditFilters,
  { by, timeZone, now = new Date() }: { by: AuditSource; timeZone: string; now?: Date },
) {
  recordAudit(db, {
    action: "export.csv",
    ...by,
    target: "export:audit",
    details: { filters: auditFilterParams(filters, timeZone).toString() },
    at: now,
  });
  return auditLogCsv(filters, timeZone);
}
