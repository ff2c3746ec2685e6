// The visitor's assessment result: read from their own signed cookie, never from an id in the URL.
import type { Route } from "./+types/assessment-results";
import { data, useActionData, useLoaderData } from "react-router";
import { PageHero } from "~/components/ui/section";
import { figures } from "~/content/figures";
import { AssessmentResult, NoAssessmentResult, assessmentResultView } from "~/features/assessment";
import {
  readAssessmentSession,
  subscribeRespondent,
  updatesReply,
} from "~/features/assessment/index.server";
import { assessmentResultsHero } from "~/content/heroes";
import { readForm, refusedForm } from "~/lib/form-action.server";
import { privateNoStore } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";

export const headers: Route.HeadersFunction = () => privateNoStore;

// A result is one visitor's own and is never indexed. Without one (all a crawler can see) the page
// only points to the assessment, which is the page to find in search: it stays out of the index too.
export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.result
    ? pageMeta(args, {
        title: assessmentResultsHero.resultTitle,
        description:
          "Your Operational Efficiency Assessment result: your efficiency score, what it means and your recommended next step.",
        indexable: false,
      })
    : pageMeta(args, {
        title: assessmentResultsHero.name,
        description: `Take the ${figures.assessmentMinutes}-minute Operational Efficiency Assessment to see your efficiency score, what it means and your recommended next step.`,
        indexable: false,
      });

export async function loader({ request }: Route.LoaderArgs) {
  const { state } = await readAssessmentSession(request);
  const result = state.result ? assessmentResultView(state.result) : null;
  return data({ result }, { headers: privateNoStore });
}

/** The "Subscribe to Efficiency Updates" button: the opt-in email to the address they gave. */
export async function action(args: Route.ActionArgs) {
  const read = await readForm(args, { rateLimit: "subscribePerAddress" });
  if (read.refused) return refusedForm(read.refused, privateNoStore);
  const { state } = await readAssessmentSession(args.request);
  const subscribed = state.result ? await subscribeRespondent(state.result.submissionId) : false;
  return updatesReply(subscribed, privateNoStore);
}

export default function AssessmentResults() {
  const { result } = useLoaderData<typeof loader>();
  const updatesReply = useActionData<typeof action>();
  if (!result) {
    return (
      <>
        <PageHero eyebrow={assessmentResultsHero.eyebrow} title={assessmentResultsHero.title}>
          <p>
            We could not find an assessment result in this browser session. Results are shown only
            to the browser that completed the assessment.
          </p>
        </PageHero>
        <NoAssessmentResult />
      </>
    );
  }
  return (
    <>
      <PageHero eyebrow={assessmentResultsHero.eyebrow} title={assessmentResultsHero.resultTitle}>
        <p>Thank you, {result.firstName}. A copy of your results is on its way to your inbox.</p>
      </PageHero>
      <AssessmentResult result={result} updatesReply={updatesReply} />
    </>
  );
}
