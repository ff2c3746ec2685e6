// Any unknown path: status 404, a way home or to the team, and one log line naming the path.
import type { Route } from "./+types/$";
import { data } from "react-router";
import { ButtonLink } from "~/components/ui/button-link";
import { PageHero } from "~/components/ui/section";
import { logEvent } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import { callsToAction } from "~/content/calls-to-action";

export function loader({ request, url }: Route.LoaderArgs) {
  logEvent("warn", "not_found", { path: url.pathname, method: request.method });
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page not found",
    description: "The page you were looking for does not exist.",
    indexable: false,
  });

export default function NotFound() {
  return (
    <PageHero eyebrow="404" title="Oops! Page not found" fillsWindow>
      <p>
        The page you were looking for has moved or never existed. Start again from the home page, or
        tell us what you were looking for and we will point you to it.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink cta={callsToAction.returnToHome} />
        <ButtonLink cta={callsToAction.talkToTheTeam} variant="outline" />
      </div>
    </PageHero>
  );
}
