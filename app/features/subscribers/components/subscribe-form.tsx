// The subscribe form under the list of articles, under each article and on its own page. Without
// JavaScript it posts to /insights/subscribe, which answers with a page; with it, a fetcher posts
// and the answer replaces the form in place. It has no browser check of its own (no conform, no
// zod in the page's scripts): the action checks every post and its reply puts each message at
// its field, as the server's page does.
import { useFetcher } from "react-router";
import { FormField, focusIfRefused, inputClass } from "~/components/ui/form-field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { ToastNotice } from "~/components/ui/toast-notice";
import { useFocusAfterReply } from "~/lib/use-focus-after-reply";
import { SUBSCRIBE_PATH, subscribeLimits, type FormSource, type SubscribeReply } from "../form";

const fieldId = (name: string) => `subscribe-${name}`;

export function SubscribeForm({
  source,
  lastReply,
  headingLevel = 2,
}: {
  source: FormSource;
  /** The action's answer to a post without JavaScript, which the form's own page shows. */
  lastReply?: SubscribeReply;
  headingLevel?: 2 | 3;
}) {
  const fetcher = useFetcher<SubscribeReply>();
  const reply = fetcher.data ?? lastReply;
  const Heading = `h${headingLevel}` as const;
  if (reply && "sentTo" in reply) {
    return (
      <div role="status" tabIndex={-1} ref={focusAsItArrives} className="focus:outline-none">
        <Heading className="text-2xl font-semibold text-navy">Check your inbox</Heading>
        <SentLine email={reply.sentTo} />
      </div>
    );
  }
  return <SubscribeFields source={source} reply={reply} fetcher={fetcher} Heading={Heading} />;
}

/** The form in a band of its own across the page, under the list of articles or an article. */
export function SubscribeBand({ source }: { source: FormSource }) {
  return (
    <div className="border-t border-line bg-paper">
      <div className="mx-auto max-w-3xl px-5 py-14 sm:px-8">
        <SubscribeForm source={source} />
      </div>
    </div>
  );
}

/**
 * The answer to the visitor's own post, drawn in place of the form: it takes the focus, so it is
 * read out and Tab goes on from it. A function of its own, so React calls it once, as it mounts.
 */
function focusAsItArrives(box: HTMLElement | null) {
  box?.focus();
}

/** What every answer says, whether or not the address can subscribe. */
export function SentLine({ email }: { email: string }) {
  return (
    <p className="mt-3 text-ink-soft">
      If <strong className="font-semibold text-ink [overflow-wrap:anywhere]">{email}</strong> can
      subscribe, we have sent a link to confirm it. Open it within 7 days and each new article will
      come to you by email.
    </p>
  );
}

function SubscribeFields({
  source,
  reply,
  fetcher,
  Heading,
}: {
  source: FormSource;
  reply: Exclude<SubscribeReply, { sentTo: string }> | undefined;
  fetcher: ReturnType<typeof useFetcher<SubscribeReply>>;
  Heading: "h2" | "h3";
}) {
  const sending = fetcher.state !== "idle";
  const errors = reply?.result?.error ?? {};
  const values = reply?.result?.initialValue ?? {};
  const field = (name: "email" | "name") => ({
    id: fieldId(name),
    errorId: `${fieldId(name)}-error`,
    errors: errors[name] ?? undefined,
  });
  const email = field("email");
  const name = field("name");
  const refused = [email, name].find((state) => state.errors);
  useFocusAfterReply(refused?.id, reply);
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return (
    <section aria-labelledby="subscribe-heading">
      <Heading id="subscribe-heading" className="text-2xl font-semibold text-navy">
        Get new articles by email
      </Heading>
      <p className="mt-3 text-ink-soft">
        One email when we publish, nothing else. Unsubscribe with one click from any of them.
      </p>
      {reply?.notice ? (
        <div className="mt-6" key={reply.notice.id}>
          <ToastNotice toast={reply.notice} takesFocus />
        </div>
      ) : null}
      <fetcher.Form method="post" action={SUBSCRIBE_PATH} noValidate className="mt-6">
        <fieldset disabled={sending} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Your email address</legend>
          <input type="hidden" name="source" value={source} />
          <FormField label="Email Address" required field={email}>
            <input
              id={email.id}
              name="email"
              type="email"
              required
              maxLength={subscribeLimits.email}
              autoComplete="email"
              defaultValue={text(values.email)}
              aria-invalid={email.errors ? true : undefined}
              aria-describedby={email.errors ? email.errorId : undefined}
              {...focusIfRefused(email)}
              className={inputClass}
            />
          </FormField>
          <FormField label="Name" field={name}>
            <input
              id={name.id}
              name="name"
              type="text"
              maxLength={subscribeLimits.name}
              autoComplete="name"
              defaultValue={text(values.name)}
              aria-invalid={name.errors ? true : undefined}
              aria-describedby={name.errors ? name.errorId : undefined}
              {...(email.errors ? {} : focusIfRefused(name))}
              className={inputClass}
            />
          </FormField>
          <HoneypotField />
          <div className="sm:col-span-2">
            <button
              type="submit"
              className="inline-flex w-full items-center justify-center rounded-md bg-brand px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-strong disabled:cursor-wait disabled:opacity-70 sm:w-auto"
            >
              {sending ? "Subscribing..." : "Subscribe"}
            </button>
          </div>
        </fieldset>
      </fetcher.Form>
    </section>
  );
}
