// Accepting a contact message: store it, and queue the firm's email and the webhook deliveries, in
// one transaction.
import { db } from "~/lib/db.server";
import { insertContactMessage } from "./queries.server";
import { siteConfig } from "~/lib/site-config.server";
import type { ContactMessageInput } from "./schema";
import { contactMessageEmail } from "./emails/contact-message-email";
import { enqueueEmail, firmInbox, outboxWorker } from "~/features/outbox/index.server";
import { queueLeadEvent } from "~/features/webhooks/index.server";

export async function submitContactMessage(input: ContactMessageInput) {
  // Rendered first, as the transaction cannot wait for a promise; it shows nothing the insert makes.
  const email = await contactMessageEmail(input, siteConfig.brand);
  const saved = db.transaction((tx) => {
    const message = insertContactMessage(tx, input);
    enqueueEmail(tx, {
      to: firmInbox,
      replyTo: input.email,
      ...email,
      contactMessageId: message.id,
    });
    queueLeadEvent(tx, {
      type: "contact.message",
      at: message.createdAt,
      contactMessageId: message.id,
      data: {
        id: message.id,
        fullName: message.fullName,
        email: message.email,
        phone: message.phone,
        message: message.message,
        receivedAt: message.createdAt.toISOString(),
        adminUrl: `${siteConfig.origin}/admin/leads/messages`,
      },
    });
    return message;
  });
  outboxWorker.wake();
  return saved;
}
