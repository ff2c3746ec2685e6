// Accepting a contact message: store it, and queue the firm's email and the webhook deliveries, in
// one transaction; once only, however often the same post comes.
import crypto from "node:crypto";
import { db } from "~/lib/db.server";
import { insertContactMessage } from "./queries.server";
import { siteConfig } from "~/lib/site-config.server";
import type { ContactMessageInput } from "./schema";
import { contactMessageEmail } from "./emails/contact-message-email";
import { enqueueEmail, firmInbox } from "~/features/outbox/index.server";
import { queueLeadEvent } from "~/features/webhooks/index.server";
import { logEvent } from "~/lib/log.server";

/**
 * The post's one-time key (docs/decisions/039-contact-replays-and-held-mail.md): its form's id with
 * what was typed, as anonymous visitors may share one copy of the page. Posted empty (no script
 * ran), the UTC day stands in for the id. Null when the post has no id field at all (a page from
 * before the field): stored every time, as it always was.
 */
function submissionKeyOf(
  input: ContactMessageInput,
  formId: string | null,
  now = new Date(),
): string | null {
  if (formId === null) return null;
  const occasion = formId === "" ? now.toISOString().slice(0, 10) : formId;
  const typed = [occasion, input.fullName, input.email, input.phone ?? "", input.message];
  return crypto.createHash("sha256").update(JSON.stringify(typed)).digest("base64url");
}

/**
 * Stores the message and queues what it sends, unless the same post was stored before: then the
 * earlier message comes back and nothing new is stored or sent.
 */
export async function submitContactMessage(
  input: ContactMessageInput,
  formId: string | null = null,
) {
  // Rendered first, as the transaction cannot wait for a promise; it shows nothing the insert makes.
  const email = await contactMessageEmail(input, siteConfig.brand);
  const submissionKey = submissionKeyOf(input, formId);
  const { message, stored } = db.transaction((tx) => {
    const saved = insertContactMessage(tx, input, submissionKey);
    if (!saved.stored) return saved;
    const { message } = saved;
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
    return saved;
  });
  if (!stored) logEvent("info", "contact_message_repeated", { contactMessageId: message.id });
  return message;
}
