// The email that tells the firm about a new contact message.
import type { ContactMessageInput } from "../schema";
import {
  DetailsTable,
  EmailLayout,
  MailtoLink,
  Paragraph,
  SectionLabel,
  TypedText,
} from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";

type Props = { message: ContactMessageInput; brand: string; subject: string };

function ContactMessageEmail({ message, brand, subject }: Props) {
  return (
    <EmailLayout
      brand={brand}
      heading={subject}
      footer="Reply to this email to answer the visitor directly."
    >
      <Paragraph>{`A visitor sent a message through the ${brand} website.`}</Paragraph>
      <DetailsTable
        rows={[
          ["Name", message.fullName],
          ["Email", <MailtoLink key="email" email={message.email} />],
          ["Phone", message.phone || "not given"],
        ]}
      />
      <SectionLabel>Message:</SectionLabel>
      <TypedText text={message.message} />
    </EmailLayout>
  );
}

export function contactMessageEmail(message: ContactMessageInput, brand: string) {
  const subject = `New contact message from ${message.fullName}`;
  return renderEmail(
    subject,
    <ContactMessageEmail message={message} brand={brand} subject={subject} />,
  );
}
