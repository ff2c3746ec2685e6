// The reminder a visitor gets within a day of their call, with their link to cancel or move it.
// Queued with the mark that it was, in one transaction, so it goes once across restarts and
// however many machines run the job.
import { enqueueEmail, firmInbox } from "~/features/outbox/index.server";
import type { AppDatabase } from "~/lib/db-client.server";
import { siteConfig } from "~/lib/site-config.server";
import { manageLinkOf } from "./booking-messages.server";
import { visitorEmail } from "./emails/booking-emails";
import { bookingsDueForReminder, markReminderQueued } from "./queries.server";

/** Queues every reminder due now; how many it queued. */
export async function queueDueReminders(db: AppDatabase, now = new Date()): Promise<number> {
  let queued = 0;
  for (const call of bookingsDueForReminder(db, now)) {
    // Rendered first, as the transaction cannot wait for a promise.
    const email = await visitorEmail("reminder", call, siteConfig, manageLinkOf(call));
    const marked = db.transaction((tx) => {
      if (!markReminderQueued(tx, call, now)) return false;
      enqueueEmail(tx, { to: call.email, replyTo: firmInbox, ...email });
      return true;
    });
    if (marked) queued += 1;
  }
  return queued;
}
