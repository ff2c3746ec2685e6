// An email's HTML and plain-text parts, both rendered from one React element.
import type { ReactElement } from "react";

export type EmailContent = { subject: string; text: string; html: string };

/**
 * How the marked pieces of email-parts.tsx read in plain text. Every block is followed by a blank
 * line and starts on the line after a label, so the gaps come out as a person would type them.
 */
const plainTextRules = [
  { selector: "p", options: { leadingLineBreaks: 1, trailingLineBreaks: 2 } },
  { selector: "ol", options: { leadingLineBreaks: 1, trailingLineBreaks: 2 } },
  {
    selector: '[data-text-format="label"]',
    format: "block",
    options: { leadingLineBreaks: 2, trailingLineBreaks: 1 },
  },
  {
    selector: '[data-text-format="details"]',
    format: "block",
    options: { leadingLineBreaks: 1, trailingLineBreaks: 2 },
  },
  {
    selector: '[data-text-format="details-row"]',
    format: "block",
    options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
  },
  {
    selector: '[data-text-format="details-label"]',
    format: "inlineSurround",
    options: { suffix: ": " },
  },
  { selector: '[data-text-format="details-value"]', format: "inline" },
  {
    selector: '[data-text-format="verbatim"]',
    format: "pre",
    options: { leadingLineBreaks: 1, trailingLineBreaks: 2 },
  },
];

export async function renderEmail(subject: string, email: ReactElement): Promise<EmailContent> {
  // Loaded on the first email (some 17 MB): a server that only shows pages never needs it.
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([
    render(email),
    render(email, { plainText: true, htmlToTextOptions: { selectors: plainTextRules } }),
  ]);
  return { subject, html, text };
}

/**
 * Renders an email that shows the id of a record not yet written, to queue it in the transaction
 * that writes the record. Rendering is asynchronous and a better-sqlite3 transaction cannot wait,
 * so the email is rendered before it with a stand-in for the id, a random token no visitor can
 * have typed, and `withId` puts the id in its place once the insert has returned it.
 */
export async function renderEmailAwaitingId(
  draw: (id: string) => Promise<EmailContent>,
): Promise<{ withId: (id: number) => EmailContent }> {
  const standIn = `id-not-yet-stored-${crypto.randomUUID()}`;
  const email = await draw(standIn);
  const fill = (part: string, id: number) => part.replaceAll(standIn, String(id));
  return {
    withId: (id) => ({
      subject: fill(email.subject, id),
      text: fill(email.text, id),
      html: fill(email.html, id),
    }),
  };
}
