// The Operational Efficiency Assessment: ten steps, each a real form post, kept in a signed cookie.
import type { Route } from "./+types/efficiency-assessment";
import { data, redirect } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { PageHero } from "~/components/ui/section";
import { figures } from "~/content/figures";
import {
  AssessmentWizard,
  noticeReply,
  postStep,
  stepTitle,
  stepUrl,
  wizardView,
} from "~/features/assessment";
import {
  commitAssessmentSession,
  finishWizard,
  noteArrival,
  readAssessmentSession,
  recordStepReached,
} from "~/features/assessment/index.server";
import { assessmentHero } from "~/content/heroes";
import { pageShareImage } from "~/features/share-cards";
import { privateNoStore } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/lib/form-action.server";
import { clientIpOf } from "~/lib/request-context";

// The page holds the visitor's own answers: no shared cache may keep it. (React Router carries
// the loader's and action's Set-Cookie headers over by itself.)
export const headers: Route.HeadersFunction = () => privateNoStore;

// Once the visitor is under way (a step's own address, or a later step), the title says where
// they are, as the step's heading does. A first visit, the page shared and found in search, keeps
// the assessment's name.
const underWay = (step: number, search: string) =>
  step > 1 || new URLSearchParams(search).has("step");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title:
      args.loaderData && underWay(args.loaderData.step, args.location.search)
        ? stepTitle(args.loaderData.step)
        : "Operational Efficiency Assessment",
    description: `Take our ${figures.assessmentSteps}-step, ${figures.assessmentMinutes}-minute assessment to score your operational efficiency, see what waste may be costing you, and get a recommended next step.`,
    image: pageShareImage(args.matches, "efficiency-assessment"),
  });

export async function loader({ request, url }: Route.LoaderArgs) {
  const { session, state } = await readAssessmentSession(request);
  const view = wizardView(state.wizard, url.searchParams.get("step"));
  const headers = new Headers(privateNoStore);
  if (noteArrival(state, request, url))
    headers.set("Set-Cookie", await commitAssessmentSession(session, state));
  return data(view, { headers });
}

export async function action(args: Route.ActionArgs) {
  const { request, context, url } = args;
  const read = await readForm(args);
  if (read.refused) return data(noticeReply(read.refused.notice), { status: read.refused.status });

  const { session, state } = await readAssessmentSession(request);
  const commit = async () => ({ "Set-Cookie": await commitAssessmentSession(session, state) });

  const post = postStep(state.wizard, url.searchParams.get("step"), read.formData);
  if (post.kind === "refused") return data(post.reply, { status: 400 });
  state.wizard = post.wizard;
  if (post.kind === "back") return redirect(stepUrl(post.to), { headers: await commit() });
  if (post.kind === "forward") {
    recordStepReached(state, post.to);
    return redirect(stepUrl(post.to), { headers: await commit() });
  }

  const finished = await finishWizard(state, post.step, clientIpOf(context));
  if (finished.outcome === "submitted") {
    return redirect("/assessment-results", { headers: await commit() });
  }
  if (finished.outcome === "incomplete") return data(finished.reply, { status: 400 });
  if (finished.outcome === "too-many") {
    const retryAfter = { "Retry-After": String(finished.retryAfterSeconds) };
    return data(finished.reply, { status: 429, headers: { ...(await commit()), ...retryAfter } });
  }
  return data(finished.reply, { status: 503, headers: await commit() });
}

export default function EfficiencyAssessment() {
  const view = useLoaderData<typeof loader>();
  const lastReply = useActionData<typeof action>();
  return (
    <>
      <PageHero eyebrow={assessmentHero.eyebrow} title={assessmentHero.title}>
        <p>
          {figures.assessmentSteps} short steps, about {figures.assessmentMinutes} minutes. You get
          your efficiency score, what the waste may be costing you, and a recommended next step.
        </p>
      </PageHero>
      <AssessmentWizard {...view} lastReply={lastReply} />
    </>
  );
}
