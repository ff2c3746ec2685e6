// The visitor's assessment result: read from their own signed cookie, never from an id in the URL.
import type { Route } from "./+types/assessment-results";
import { data } from "react-router";
import { useLoaderData } from "react-router";
import { PageHero } from "~/components/ui/section";
import { figures } from "~/content/figures";
import { AssessmentResult, NoAssessmentResult, assessmentResultView } from "~/features/assessment";
import { readAssessmentSession } from "~/features/assessment/index.server";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";

const noStore = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = () => noStore;

// A result is one visitor's own and is never indexed. Without one (all a crawler can see) the page
// invites the visitor to take the assessment, like any public page.
export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.result
    ? pageMeta(args, {
        title: "Your Assessment Results",
        description:
          "Your Operational Efficiency Assessment result: your efficiency score, what it means and your recommended next step.",
        indexable: false,
      })
    : pageMeta(args, {
        title: "Assessment Results",
        description: `Take the ${figures.assessmentMinutes}-minute Operational Efficiency Assessment to see your efficiency score, what it means and your recommended next step.`,
        image: pageShareImage("assessment-results"),
      });

export async function loader({ request }: Route.LoaderArgs) {
  const { state } = await readAssessmentSession(request);
  const result = state.result ? assessmentResultView(state.result) : null;
  return data({ result }, { headers: noStore });
}

export default function AssessmentResults() {
  const { result } = useLoaderData<typeof loader>();
  if (!result) {
    return (
      <>
        <PageHero eyebrow="Operational Efficiency Assessment" title="No assessment data found">
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
      <PageHero eyebrow="Operational Efficiency Assessment" title="Your Assessment Results">
        <p>Thank you, {result.firstName}. A copy of your results is on its way to your inbox.</p>
      </PageHero>
      <AssessmentResult result={result} />
    </>
  );
}
