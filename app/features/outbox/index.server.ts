// Queries a route may call are bound to the process's database here (onDatabase): routes never
// hold it, and inside the feature the same queries still take any Queryable, a transaction included.
import { onDatabase } from "~/lib/db.server";
import * as outbox from "./outbox.server";

export { renderEmail, renderEmailAwaitingId } from "./emails/render-email.server";
export { emailAsSent, firmInbox, mailServerHost, mayDeliver, startOutbox } from "./mailer.server";
export {
  clearDeliveredEmailBodies,
  deleteMessagesAbout,
  deleteWebhookDeliveriesBefore,
} from "./retention.server";
export {
  cancelQueuedBulkEmailTo,
  emailDeliveriesAbout,
  emailsQueuedTo,
  enqueueEmail,
  enqueueMailing,
  enqueueWebhook,
  failedWebhookDeliveries,
  mailingProgress,
} from "./outbox.server";
export type { Mailing, MailingProgress, MailingRecipient, OutgoingEmail } from "./outbox.server";
export type { WebhookTarget } from "./webhook-courier.server";
export const discardHeldMessage = onDatabase(outbox.discardHeldMessage);
export const findMessage = onDatabase(outbox.findMessage);
export const outboxPage = onDatabase(outbox.outboxPage);
export const retryFailedMessage = onDatabase(outbox.retryFailedMessage);
export const sendQueuedNow = onDatabase(outbox.sendQueuedNow);
export type { DeliveryState } from "./outbox.server";
export { outboxPersonalData } from "./personal-data.server";
