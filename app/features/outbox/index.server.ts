export { renderEmail, renderEmailAwaitingId } from "./emails/render-email.server";
export { firmInbox, outboxWorker } from "./mailer.server";
export {
  assessmentEmailsSentTo,
  contactMessageDeliveries,
  enqueueEmail,
  enqueueWebhook,
  outboxPage,
  retryFailedMessage,
} from "./outbox.server";
export type { DeliveryState } from "./outbox.server";
