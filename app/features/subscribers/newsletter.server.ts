// Each new Insights post emailed once to every confirmed subscriber, through the outbox's bulk
// mailings (which wait behind every lead's email). Once means once per post and subscriber: the
// post is marked queued in the transaction that queues its mailing, and only the run whose mark
// lands queues it, across restarts, retries, saves and re-publishing. Staff may send a post
// again, as a new round, or send its email to themselves as a test.
import { recordAudit, type AuditSource } from "~/lib/audit.server";
import type { AppDatabase, Queryable } from "~/lib/db-client.server";
import { db as processDatabase } from "~/lib/db.server";
import { logEvent } from "~/lib/log.server";
import { absoluteUrl } from "~/lib/meta";
import { runJobsEvery, type JobRunner } from "~/lib/periodic-jobs.server";
import { siteConfig } from "~/lib/site-config.server";
import {
  claimPostEmail,
  notePostEmailed,
  postForEmail,
  postsDueForEmail,
} from "~/features/insights/index.server";
import {
  enqueueEmail,
  enqueueMailing,
  mailingProgress,
  type Mailing,
  type MailingProgress,
  type MailingRecipient,
} from "~/features/outbox/index.server";
import { postMailing, postTestEmail } from "./emails/post-email";
import { unsubscribePath } from "./links.server";
import { nextRound, recordSend, sendsOfPosts } from "./newsletter-sends.server";
import { confirmedSubscribers, hasConfirmedSubscribers } from "./queries.server";

/** How many due posts one run queues; any others wait for the next run, a minute later. */
const POSTS_PER_RUN = 10;

const site = () => ({ brand: siteConfig.brand, address: siteConfig.address });

/**
 * A subscriber's unsubscribe link: `visible` at the site's own address, for the email's body;
 * `oneClick` the same over https for `List-Unsubscribe`, which RFC 8058 requires to be https
 * (mail providers ignore another). In production the site's address is https and they are one.
 */
function unsubscribeUrls(subscriberId: number) {
  const visible = absoluteUrl(siteConfig.origin, unsubscribePath(subscriberId));
  const oneClick = new URL(visible);
  oneClick.protocol = "https:";
  return { visible, oneClick: oneClick.href };
}

/** Every subscriber confirmed at this moment, with their own unsubscribe link and headers. */
function recipientsNow(tx: Queryable): MailingRecipient[] {
  return confirmedSubscribers(tx).map((subscriber) => {
    const { visible, oneClick } = unsubscribeUrls(subscriber.id);
    return {
      to: subscriber.email,
      mergeFields: { unsubscribe_url: visible },
      headers: {
        "List-Unsubscribe": `<${oneClick}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  });
}

/**
 * Queues the mailing to the recipients and records the round; call it inside the transaction
 * that decided to send. A round to nobody needs no mailing. The number of recipients.
 */
function queueRound(
  tx: Queryable,
  mailing: Mailing | null,
  recipients: MailingRecipient[],
  send: { postId: string; round: number; requestedBy: number | null; now: Date },
) {
  let mailingId: number | null = null;
  if (recipients.length > 0) {
    if (!mailing) throw new Error("A round with recipients needs its mailing");
    mailingId = enqueueMailing(tx, mailing, recipients);
  }
  recordSend(tx, {
    postId: send.postId,
    round: send.round,
    requestedBy: send.requestedBy,
    mailingId,
    recipients: recipients.length,
    createdAt: send.now,
  });
  return recipients.length;
}

/**
 * Queues the email of every post now due (live, "Email to subscribers" ticked, never queued).
 * Each is rendered first, as a transaction cannot wait for a promise; then one immediate
 * transaction marks it queued and queues it, or does nothing when another run marked it first.
 * How many posts it queued.
 */
export async function queueDueNewsletters(db: AppDatabase, now = new Date()): Promise<number> {
  let queued = 0;
  for (const postId of postsDueForEmail(db, now, POSTS_PER_RUN)) {
    // With no one to send to, the post is only marked sent to nobody: nothing is read or rendered,
    // so a site without subscribers (a fresh install and its demo posts) never loads the email
    // renderer. Someone confirming meanwhile leaves the post for the next run, which renders it.
    let mailing: Mailing | null = null;
    if (hasConfirmedSubscribers(db)) {
      const post = await postForEmail(db, postId, now);
      if (!post) continue;
      mailing = await postMailing(post, site());
    }
    const started = performance.now();
    const recipients = db.transaction(
      (tx) => {
        const recipients = recipientsNow(tx);
        if (recipients.length > 0 && mailing === null) return null;
        if (!claimPostEmail(tx, postId, now)) return null;
        const round = nextRound(tx, postId);
        return queueRound(tx, mailing, recipients, { postId, round, requestedBy: null, now });
      },
      { behavior: "immediate" },
    );
    if (recipients === null) continue;
    queued += 1;
    logEvent("info", "newsletter_queued", {
      postId,
      recipients,
      transactionMs: Math.round(performance.now() - started),
    });
  }
  return queued;
}

export type SendAgainOutcome =
  | { status: "sent"; title: string; round: number; recipients: number }
  | { status: "not-live"; title: string }
  | { status: "not-found" };

/**
 * "Send again": the post, as it is now, to the subscribers confirmed now, as a new round recorded
 * with the staff member who asked. Only a post on the site: a draft or a scheduled one would
 * lead its readers to a page that is not there.
 */
export async function sendPostAgain(
  db: AppDatabase,
  postId: string,
  by: AuditSource,
  now = new Date(),
): Promise<SendAgainOutcome> {
  const requestedBy = by.actor.id;
  const post = await postForEmail(db, postId, now);
  if (!post) return { status: "not-found" };
  if (!post.live) return { status: "not-live", title: post.title };
  const mailing = await postMailing(post, site());
  const sent = db.transaction(
    (tx) => {
      const round = nextRound(tx, postId);
      const recipients = queueRound(tx, mailing, recipientsNow(tx), {
        postId,
        round,
        requestedBy,
        now,
      });
      // A post never sent by itself (its box unticked, or live before posts were emailed) is not
      // sent by itself later as well.
      notePostEmailed(tx, postId, now);
      recordAudit(tx, {
        action: "newsletter.sent_again",
        ...by,
        target: `post:${postId}`,
        details: { round, recipients },
        at: now,
      });
      return { round, recipients };
    },
    { behavior: "immediate" },
  );
  logEvent("info", "newsletter_sent_again", { postId, by: requestedBy, ...sent });
  return { status: "sent", title: post.title, ...sent };
}

/**
 * "Send a test to me": the post's email to the staff member's own address, as an ordinary email
 * (not bulk, and without List-Unsubscribe: it goes to no list). Any post, drafts included.
 */
export async function sendTestEmail(
  db: AppDatabase,
  postId: string,
  to: string,
  now = new Date(),
): Promise<{ status: "sent"; title: string } | { status: "not-found" }> {
  const post = await postForEmail(db, postId, now);
  if (!post) return { status: "not-found" };
  const email = await postTestEmail(post, {
    ...site(),
    insightsUrl: absoluteUrl(siteConfig.origin, "/insights"),
  });
  db.transaction((tx) => enqueueEmail(tx, { to, ...email }), { behavior: "immediate" });
  return { status: "sent", title: post.title };
}

type NewsletterRound = {
  round: number;
  at: Date;
  /** Null for the send when the post went live. */
  requestedBy: number | null;
  recipients: number;
  progress: MailingProgress;
};

/** Each post's rounds with how many of their emails are queued, sent and failed, by post id. */
export function newsletterRounds(db: Queryable, postIds: string[]) {
  const sends = sendsOfPosts(db, postIds);
  const progress = mailingProgress(
    db,
    sends.flatMap((send) => (send.mailingId === null ? [] : [send.mailingId])),
  );
  const rounds: Record<string, NewsletterRound[]> = {};
  for (const send of sends) {
    (rounds[send.postId] ??= []).push({
      round: send.round,
      at: send.createdAt,
      requestedBy: send.requestedBy,
      recipients: send.recipients,
      progress: (send.mailingId === null ? undefined : progress.get(send.mailingId)) ?? {
        queued: 0,
        sent: 0,
        failed: 0,
      },
    });
  }
  return rounds;
}

const INTERVAL_MS = 60_000;

/** The newsletter's one job: a scheduled post goes out within a minute of its time. */
const NEWSLETTER_JOBS = [
  { name: "newsletter_queue", run: (db: AppDatabase, now: Date) => queueDueNewsletters(db, now) },
];

const globalForJobs = globalThis as typeof globalThis & { __newsletterJobs?: JobRunner };

/**
 * Starts the process's one newsletter runner (once: Vite's dev server re-evaluates modules on
 * change). The app's entry starts it with the outbox's rule of who may deliver.
 */
export function startNewsletterJobs({ mayRun }: { mayRun: () => boolean }): JobRunner {
  return (globalForJobs.__newsletterJobs ??= runJobsEvery({
    name: "newsletter",
    db: processDatabase,
    jobs: NEWSLETTER_JOBS,
    intervalMs: INTERVAL_MS,
    mayRun,
  }));
}

/**
 * Looks for due posts now rather than at the next tick: called once a post is saved, so one
 * published now goes out within seconds. Does nothing where no runner was started.
 */
export function wakeNewsletterJobs() {
  globalForJobs.__newsletterJobs?.wake();
}
