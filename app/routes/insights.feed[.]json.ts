// /insights/feed.json: a JSON Feed 1.1 of the newest published Insights posts, in full.
import type { Route } from "./+types/insights.feed[.]json";
import { insightsFeedResponse } from "~/features/insights/index.server";

export function loader({ request }: Route.LoaderArgs) {
  return insightsFeedResponse(request, "json");
}
