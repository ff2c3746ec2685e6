// /insights/subscribe/confirm/<token>: the link of a confirmation email. Opening it only asks:
// mail scanners open links, so only the post its button sends confirms the subscription.
import type { Route } from "./+types/insights.subscribe_.confirm.$token";
import { data, useActionData, useLoaderData } from "react-router";
import { ConfirmationPage, type ConfirmationPageState } from "~/features/subscribers";
import { confirmationState, confirmSubscription } from "~/features/subscribers/index.server";
import { secretLinkHeaders } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";

export const headers: Route.HeadersFunction = () => secretLinkHeaders;

// An expired link is gone for good; any other that does not work (used, cut short) is unknown.
const STATUS: Record<ConfirmationPageState, number> = {
  valid: 200,
  confirmed: 200,
  expired: 410,
  invalid: 404,
};

// The status is always given: after the post React Router runs the loader too, whose 404 (the
// link just spent) would otherwise be the answer's.
const answer = (state: ConfirmationPageState) =>
  data({ state }, { status: STATUS[state], headers: secretLinkHeaders });

export function loader({ params }: Route.LoaderArgs) {
  return answer(confirmationState(params.token));
}

// The token is the whole request: the body says nothing, so it is not read.
export function action({ params }: Route.ActionArgs) {
  return answer(confirmSubscription(params.token).status);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Confirm your subscription",
    description: "Confirm your subscription to Insights by email.",
    indexable: false,
  });

export default function ConfirmSubscription() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // After the post the link is spent, and the loader says so: the post's answer is the page.
  return <ConfirmationPage state={(reply ?? page).state} />;
}
