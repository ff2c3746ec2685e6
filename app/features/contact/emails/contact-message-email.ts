// The email that tells the firm about a new contact message (plain text and HTML).
import type { ContactMessageInput } from "../schema";
import {
  detailsTableHtml,
  emailFrame,
  escapeHtml,
  mailtoHtml,
  paragraphsHtml,
} from "~/features/outbox";

export function contactMessageEmail(message: ContactMessageInput, brand: string) {
  const phone = message.phone || "not given";
  const subject = `New contact message from ${message.fullName}`;
  const text = [
    `A visitor sent a message through the ${brand} website.`,
    "",
    `Name: ${message.fullName}`,
    `Email: ${message.email}`,
    `Phone: ${phone}`,
    "",
    "Message:",
    message.message,
    "",
    "Reply to this email to answer the visitor directly.",
  ].join("\n");
  const html = emailFrame({
    brand,
    heading: subject,
    body: `${detailsTableHtml([
      ["Name", escapeHtml(message.fullName)],
      ["Email", mailtoHtml(message.email)],
      ["Phone", escapeHtml(phone)],
    ])}
<p style="margin:16px 0 4px;color:#33415c;font-weight:bold">Message</p>
<p style="margin:0;line-height:1.5">${paragraphsHtml(message.message)}</p>
<p style="margin:24px 0 0;font-size:13px;color:#33415c">Reply to this email to answer the visitor directly.</p>`,
  });
  return { subject, text, html };
}
