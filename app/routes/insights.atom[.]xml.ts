// /insights/atom.xml: an Atom 1.0 feed of the newest published Insights posts, in full.
import type { Route } from "./+types/insights.atom[.]xml";
import { insightsFeedResponse } from "~/features/insights/index.server";

export function loader({ request }: Route.LoaderArgs) {
  return insightsFeedResponse(request, "atom");
}
