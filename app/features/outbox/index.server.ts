export { renderEmail, renderEmailAwaitingId } from "./emails/render-email.server";
export { firmInbox, outboxWorker } from "./mailer.server";
export {
  assessmentEmailsSentTo,
  contactMessageDeliveries,
  enqueueEmail,
  outboxPage,
  retryFailedEmail,
} from "./outbox.server";
export type { DeliveryState, OutboxState } from "./outbox.server";
