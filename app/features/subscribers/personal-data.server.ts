// What the subscribers hold about one address, for a privacy request: its subscription, and
// whether it is on the list of erased addresses never to be mailed again. Erasing deletes the
// subscription and puts the address's keyed hash on that list (newsletter_sends holds counts).
import { asc, eq } from "drizzle-orm";
import { subscribers } from "~/db/schema";
import type { PersonalDataHolder } from "~/lib/personal-data";
import { exportable, redactMentions } from "~/lib/personal-data.server";
import { emailKeyOf } from "./queries.server";
import { findSuppression, suppressAddress } from "./suppressions.server";

const ownRows = (email: string) => eq(subscribers.emailKey, emailKeyOf(email));

export const subscribersPersonalData: PersonalDataHolder = {
  tables: ["subscribers", "subscriber_suppressions"],
  find(db, email) {
    const subscriptions = db
      .select()
      .from(subscribers)
      .where(ownRows(email))
      .orderBy(asc(subscribers.id))
      .all()
      .map(({ confirmationTokenHash: _hash, ...subscriber }) => exportable(subscriber));
    const suppression = findSuppression(db, email);
    return [
      { kind: "subscriptions", label: "Insights subscriptions", records: subscriptions },
      {
        kind: "mailing_suppressions",
        label: "Never to be mailed again",
        records: suppression ? [{ since: suppression.createdAt.toISOString() }] : [],
        kept: "Only the address's keyed hash, so that no import mails it again.",
      },
    ];
  },
  erase(db, email, now) {
    const erased = db
      .delete(subscribers)
      .where(ownRows(email))
      .returning({ id: subscribers.id })
      .all().length;
    if (erased > 0) suppressAddress(db, email, now);
    const mentioning = redactMentions(
      db,
      subscribers,
      subscribers.id,
      { name: subscribers.name },
      email,
    );
    return { subscriptions: erased, subscriptions_mentioning: mentioning };
  },
};
