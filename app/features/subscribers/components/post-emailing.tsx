// Under each post of the blog admin: where its emails to subscribers stand, round by round, with
// "Send a test to me" and "Send again" (which asks first: it cannot be taken back).
import { Form } from "react-router";
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { Button } from "~/components/ui/button";
import { countOf } from "~/lib/plural";
import { useTimeZone } from "~/lib/site-config";
import { formatDateTime } from "~/lib/zoned-time";

export const SEND_AGAIN_INTENT = "send-again";
export const SEND_TEST_INTENT = "send-test";

/** A round as the page receives it from the loader. */
type ListedRound = {
  round: number;
  at: Date;
  requestedBy: number | null;
  recipients: number;
  progress: { queued: number; sent: number; failed: number };
};

type Post = {
  id: string;
  title: string;
  published: boolean;
  scheduled: boolean;
  emailSubscribers: boolean;
  newsletterQueuedAt: Date | null;
};

export function PostEmailing({ post, rounds }: { post: Post; rounds: ListedRound[] }) {
  const live = post.published && !post.scheduled;
  return (
    <section
      aria-labelledby={`post-${post.id}-emailing`}
      className="mt-3 rounded-md bg-paper px-4 py-3 text-sm text-ink"
    >
      <h4 id={`post-${post.id}-emailing`} className="font-semibold text-navy">
        Email to subscribers
      </h4>
      {rounds.length > 0 ? (
        <ul className="mt-1 space-y-0.5">
          {rounds.map((round) => (
            <RoundLine key={round.round} round={round} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-ink-soft">{notSentYet(post, live)}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="id" value={post.id} />
          <Button
            type="submit"
            size="small"
            name="intent"
            value={SEND_TEST_INTENT}
            aria-label={`Send a test to me: ${post.title}`}
          >
            Send a test to me
          </Button>
        </Form>
        {live ? (
          <AskFirstButton
            confirmation={sendAgainConfirmation(post)}
            label="Send again"
            accessibleLabel={`Send again: ${post.title}`}
            askHref={`?resend=${encodeURIComponent(post.id)}`}
          />
        ) : null}
      </div>
    </section>
  );
}

function notSentYet(post: Post, live: boolean) {
  if (post.newsletterQueuedAt) return "Not emailed: it was on the site before posts were emailed.";
  if (!post.emailSubscribers) return "Not emailed: Email to subscribers is off for this post.";
  if (!live) return "Emailed to every confirmed subscriber once it goes live.";
  return "Being queued for every confirmed subscriber.";
}

function RoundLine({ round }: { round: ListedRound }) {
  const timeZone = useTimeZone();
  const { queued, sent, failed } = round.progress;
  const at = new Date(round.at);
  return (
    <li>
      {round.requestedBy === null
        ? "Sent when it went live"
        : `Round ${round.round}, sent by staff`}{" "}
      <time dateTime={at.toISOString()}>{formatDateTime(at, timeZone)}</time>:{" "}
      {countOf(round.recipients, "subscriber")}; {sent} sent, {queued} queued, {failed} failed
    </li>
  );
}

const sendAgainConfirmation = (post: { id: string; title: string }): Confirmation => ({
  key: `send-again-${post.id}`,
  question: "Email this post again to every confirmed subscriber?",
  subject: post.title,
  action: "/admin/blog",
  fields: { id: post.id },
  intent: SEND_AGAIN_INTENT,
  confirmLabel: "Send again",
});

/** The confirmation step of "Send again" without JavaScript (the list's ?resend=id). */
export function SendAgainConfirmation({ post }: { post: { id: string; title: string } }) {
  return <ConfirmationStep confirmation={sendAgainConfirmation(post)} keepTo="/admin/blog" />;
}
