// The audit log's entries for the filters on screen, as a CSV download for owners. The download
// is itself an entry of the log (`export.csv`, `export:audit`), like every export of the leads.
import type { Route } from "./+types/admin.audit.export";
import { requireOwner } from "~/features/accounts/index.server";
import { auditCsv } from "~/features/leads/index.server";
import { auditFiltersFrom, auditSource } from "~/lib/audit.server";
import { noStore } from "~/lib/headers";
import { siteConfig } from "~/lib/site-config.server";
import { dayInZone } from "~/lib/zoned-time";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const owner = await requireOwner({ request, context });
  const { timeZone } = siteConfig;
  const filters = auditFiltersFrom(url.searchParams, timeZone);
  const csv = auditCsv(filters, { by: auditSource(owner, context), timeZone });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${dayInZone(new Date(), timeZone)}.csv"`,
      ...noStore,
    },
  });
}
