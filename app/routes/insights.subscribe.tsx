// /insights/subscribe: the subscribe form on a page of its own, and the action every subscribe form
// posts to (under the list and each article too). The answer is the same whoever the address is,
// so the form tells no one who subscribes.
import type { Route } from "./+types/insights.subscribe";
import { data, useActionData } from "react-router";
import { HONEYPOT_FIELD } from "~/components/ui/honeypot-field";
import { PageHero } from "~/components/ui/section";
import { insightsHero } from "~/content/heroes";
import {
  SubscribeForm,
  SubscribeSentPage,
  subscribeSchema,
  type SubscribeReply,
} from "~/features/subscribers";
import { requestSubscription } from "~/features/subscribers/index.server";
import { parseFields, readForm, refusedForm } from "~/lib/form-action.server";
import { privateNoStore } from "~/lib/headers";
import { logEvent } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";

// The page is the same for everyone, which the page cache may keep; an answer to a post names the
// address posted, and is never stored.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action(args: Route.ActionArgs) {
  const read = await readForm(args, {
    rateLimit: "subscribePerAddress",
    tooMany: {
      title: "Too many attempts",
      description:
        "There have been several subscriptions from here in a short time. Please wait a few minutes and try again.",
    },
  });
  if (read.refused) return refusedForm(read.refused, privateNoStore);
  const parsed = parseFields(read.formData, subscribeSchema, { headers: privateNoStore });
  if (parsed.refused) return parsed.refused;
  const { email, name, source } = parsed.value;

  if (read.formData.get(HONEYPOT_FIELD)) {
    // Answer a bot exactly as a person, so it learns nothing; store and send nothing.
    logEvent("warn", "honeypot_triggered", { path: "/insights/subscribe" });
  } else {
    await requestSubscription({ email, name: name ?? null, source });
  }
  return data<SubscribeReply>({ sentTo: email }, { status: 200, headers: privateNoStore });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Subscribe to Insights",
    description: `Each new Insights article by email: ${insightsHero.subject}.`,
  });

export default function Subscribe() {
  const reply = useActionData<typeof action>();
  if (reply && "sentTo" in reply) return <SubscribeSentPage email={reply.sentTo} />;
  return (
    <>
      <PageHero eyebrow={insightsHero.eyebrow} title="Subscribe to Insights">
        <p>What we learn inside real operations, by email: {insightsHero.subject}.</p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8">
        <SubscribeForm source="insights" lastReply={reply} />
      </div>
    </>
  );
}
