// The private feed of the booked calls: its address to give a calendar app, copied with one
// press, and Replace address, which asks first since the old address stops working.
import { AskFirstButton, ConfirmationStep, type Confirmation } from "~/components/admin/ask-first";
import { CopyButton } from "~/components/ui/copy-button";
import { CALENDARS_PATH, REPLACE_FEED_INTENT, REPLACE_FEED_QUERY } from "../calendar-fields";

const replaceConfirmation: Confirmation = {
  key: "replace-feed",
  question: "Replace the feed's address?",
  subject:
    "The current address stops working at once: every calendar app subscribed to it must be given the new one.",
  action: CALENDARS_PATH,
  fields: {},
  intent: REPLACE_FEED_INTENT,
  confirmLabel: "Replace address",
};

/** The confirmation step without JavaScript. */
export function ReplaceFeedConfirmation() {
  return <ConfirmationStep confirmation={replaceConfirmation} keepTo={CALENDARS_PATH} />;
}

export function PrivateFeed({ feedUrl }: { feedUrl: string }) {
  return (
    <section aria-labelledby="feed-heading" className="mt-10 max-w-3xl">
      <h2 id="feed-heading" className="text-xl font-semibold text-navy">
        Private feed of the calls
      </h2>
      <p className="mt-2 text-ink-soft">
        Subscribe to this address in Google Calendar (&ldquo;From URL&rdquo;), Outlook
        (&ldquo;Subscribe from web&rdquo;) or Apple Calendar to see every booked call. Keep it
        private: anyone with it can read the calls.
      </p>
      <code className="mt-3 block rounded bg-paper p-2 text-sm break-all">{feedUrl}</code>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <CopyButton
          text={feedUrl}
          label="Copy address"
          failure="Your browser would not copy it: select the address and copy it by hand."
        />
        <AskFirstButton
          confirmation={replaceConfirmation}
          label="Replace address"
          accessibleLabel="Replace address of the feed"
          askHref={`?${REPLACE_FEED_QUERY}`}
        />
      </div>
    </section>
  );
}
