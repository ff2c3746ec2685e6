export { renderEmail, renderEmailAwaitingId } from "./emails/render-email.server";
export { firmInbox, outboxWorker } from "./mailer.server";
export {
  assessmentEmailsSentTo,
  contactMessageDeliveries,
  discardHeldMessage,
  enqueueEmail,
  enqueueWebhook,
  outboxPage,
  retryFailedMessage,
  sendQueuedNow,
} from "./outbox.server";
export type { DeliveryState } from "./outbox.server";
