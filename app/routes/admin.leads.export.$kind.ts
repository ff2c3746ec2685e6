// CSV downloads of the leads, for the filters the admin has on screen. Streamed: the rows are
// read from the database batch by batch as the browser downloads them.
import type { Route } from "./+types/admin.leads.export.$kind";
import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/index.server";
import { assessmentsCsv, contactMessagesCsv, ctaClicksCsv } from "~/features/leads/index.server";
import { assessmentFiltersFrom } from "~/features/assessment";
import { dateRangeFrom } from "~/lib/url-filters";
import { periodDaysFrom, periodEndingToday } from "~/lib/periods";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";

const exports = {
  assessments: (search: URLSearchParams) => assessmentsCsv(assessmentFiltersFrom(search)),
  messages: (search: URLSearchParams) => contactMessagesCsv(dateRangeFrom(search)),
  clicks: (search: URLSearchParams) =>
    ctaClicksCsv(periodEndingToday(periodDaysFrom(search), new Date())),
};

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const kind = params.kind ?? "";
  if (!Object.hasOwn(exports, kind)) throw data(null, { status: 404 });
  const csv = exports[kind as keyof typeof exports](url.searchParams);
  logEvent("info", "leads_exported", { by: admin.id, kind });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind}-${day}.csv"`,
      ...noStore,
    },
  });
}
