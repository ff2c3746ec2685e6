// /insights/unsubscribe/<token>: the unsubscribe link of every email to a subscriber. Opening it
// shows a button; the post it sends unsubscribes, and so does a mail program's one-click post
// (RFC 8058: `List-Unsubscribe=One-Click`, with no cookie, Origin or Referer), answered the same.
import type { Route } from "./+types/insights.unsubscribe.$token";
import { data, useActionData, useLoaderData } from "react-router";
import { UnsubscribePage, type UnsubscribePageState } from "~/features/subscribers";
import { unsubscribe, unsubscribeLinkIsValid } from "~/features/subscribers/index.server";
import { secretLinkHeaders } from "~/lib/headers";
import { pageMeta } from "~/lib/meta";

export const headers: Route.HeadersFunction = () => secretLinkHeaders;

const answer = (state: UnsubscribePageState) =>
  data({ state }, { status: state === "invalid" ? 404 : 200, headers: secretLinkHeaders });

export function loader({ params }: Route.LoaderArgs) {
  return answer(unsubscribeLinkIsValid(params.token) ? "valid" : "invalid");
}

// The signed token is the whole request: the body (the button's field, or a mail program's) says
// nothing more, so it is not read.
export function action({ params }: Route.ActionArgs) {
  return answer(unsubscribe(params.token).status);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Unsubscribe from Insights",
    description: "Stop getting Insights articles by email.",
    indexable: false,
  });

export default function Unsubscribe() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <UnsubscribePage state={(reply ?? page).state} />;
}
