// CSV downloads of the leads, for the filters the admin has on screen. Streamed: the rows are
// read from the database batch by batch as the browser downloads them.
import type { Route } from "./+types/admin.leads.export.$kind";
import { data } from "react-router";
import { requireAdmin } from "~/features/accounts/index.server";
import {
  assessmentsCsv,
  bookingsCsv,
  contactMessagesCsv,
  ctaClicksCsv,
  subscribersCsv,
} from "~/features/leads/index.server";
import { assessmentFiltersFrom } from "~/features/assessment";
import { messageFiltersFrom } from "~/features/contact";
import { periodDaysFrom, periodEndingToday } from "~/lib/periods";
import { siteConfig } from "~/lib/site-config.server";
import { dayInZone } from "~/lib/zoned-time";
import { noStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";

const { timeZone } = siteConfig;
const exports = {
  assessments: (search: URLSearchParams) => assessmentsCsv(assessmentFiltersFrom(search, timeZone)),
  messages: (search: URLSearchParams) => contactMessagesCsv(messageFiltersFrom(search, timeZone)),
  clicks: (search: URLSearchParams) =>
    ctaClicksCsv(periodEndingToday(periodDaysFrom(search), new Date(), timeZone)),
  // Every call, past and to come: a firm books few enough that no filter is needed.
  bookings: () => bookingsCsv(timeZone),
  // Every subscriber (the Subscribers screen's download): the list is the firm's to keep.
  subscribers: () => subscribersCsv(),
};

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const kind = params.kind ?? "";
  if (!Object.hasOwn(exports, kind)) throw data(null, { status: 404 });
  const csv = exports[kind as keyof typeof exports](url.searchParams);
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
