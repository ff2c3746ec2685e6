// /assessment-report/<token>/subscribe: the "Subscribe to Efficiency Updates" button for the
// respondent who follows the link in their result email or PDF report, which cannot post. The
// report's signed link says whose submission it is (docs/decisions/034 and 068). Opening the page
// sends nothing (mail scanners open links); only the button's post does.
import type { Route } from "./+types/assessment-report.$token_.subscribe";
import { data, useActionData, useLoaderData } from "react-router";
import { UpdatesLinkPage, type UpdatesLinkProblem } from "~/features/assessment";
import {
  checkUpdatesLink,
  REPORT_LINK_DAYS,
  subscribeRespondent,
  updatesReply,
} from "~/features/assessment/index.server";
import { readForm, refusedForm } from "~/lib/form-action.server";
import { privateNoStore } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";

// One respondent's link, and its address is the key to it: never stored, never indexed, and told
// to no other site; `same-origin` rather than `no-referrer` keeps the form's Origin (decision 038).
const pageHeaders = { ...privateNoStore, "Referrer-Policy": "same-origin" };

export const headers: Route.HeadersFunction = () => pageHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Subscribe to Efficiency Updates",
    description: "Subscribe to the firm's efficiency updates with the address you gave us.",
    indexable: false,
  });

const statusOf = (problem: UpdatesLinkProblem) => (problem === "expired" ? 410 : 404);

export function loader({ params }: Route.LoaderArgs) {
  const link = checkUpdatesLink(params.token, new Date());
  const problem = link.kind === "valid" ? null : link.kind;
  return data(
    { problem, linkDays: REPORT_LINK_DAYS },
    { status: problem ? statusOf(problem) : 200, headers: pageHeaders },
  );
}

export async function action(args: Route.ActionArgs) {
  const read = await readForm(args, { rateLimit: "subscribePerAddress" });
  if (read.refused) return refusedForm(read.refused, pageHeaders);
  const link = checkUpdatesLink(args.params.token, new Date());
  const subscribed = link.kind === "valid" && (await subscribeRespondent(link.submissionId));
  return updatesReply(subscribed, pageHeaders);
}

export default function AssessmentUpdatesLink({ params }: Route.ComponentProps) {
  const { problem, linkDays } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <UpdatesLinkPage
      problem={problem}
      linkDays={linkDays}
      // From the token, not the request: a script's request for the data ends in ".data".
      action={`/assessment-report/${params.token}/subscribe`}
      reply={reply}
    />
  );
}
