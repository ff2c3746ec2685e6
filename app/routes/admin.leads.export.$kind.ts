// CSV downloads of the leads, for the filters the admin has on screen. Streamed: the rows are
// read from the database batch by batch as the browser downloads them. Each download is recorded
// in the audit log.
import type { Route } from "./+types/admin.leads.export.$kind";
import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/index.server";
import { leadsCsvExport } from "~/features/leads/index.server";
import { auditSource } from "~/lib/audit.server";
import { siteConfig } from "~/lib/site-config.server";
import { dayInZone } from "~/lib/zoned-time";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const kind = params.kind ?? "";
  const { timeZone } = siteConfig;
  const csv = leadsCsvExport(kind, url.searchParams, { by: auditSource(admin, context), timeZone });
  if (!csv) throw data(null, { status: 404 });
  logEvent("info", "leads_exported", { by: admin.id, kind });
  const day = dayInZone(new Date(), timeZone);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${day}.csv"`,
      ...noStore,
    },
  });
}
