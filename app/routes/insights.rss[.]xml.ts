// /insights/rss.xml: an RSS 2.0 feed of the newest published Insights posts, in full.
import type { Route } from "./+types/insights.rss[.]xml";
import { insightsFeedResponse } from "~/features/insights/index.server";

export function loader({ request }: Route.LoaderArgs) {
  return insightsFeedResponse(request, "rss");
}
