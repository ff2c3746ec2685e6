// Accepting a contact message: store it and queue the firm's email in one transaction.
import { db } from "~/db/db.server";
import { insertContactMessage } from "~/models/contact-message.server";
import { siteConfig } from "~/utils/site-config.server";
import type { ContactMessageInput } from "./contact-message";
import { contactMessageEmail } from "./emails/contact-message-email";
import { firmInbox, outboxWorker } from "./mailer.server";
import { enqueueEmail } from "./outbox.server";

export function submitContactMessage(input: ContactMessageInput) {
  const saved = db.transaction((tx) => {
    const message = insertContactMessage(tx, input);
    enqueueEmail(tx, {
      to: firmInbox,
      replyTo: input.email,
      ...contactMessageEmail(input, siteConfig.brand),
      contactMessageId: message.id,
    });
    return message;
  });
  outboxWorker.wake();
  return saved;
}
