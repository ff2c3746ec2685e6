// The email that asks a new subscriber to confirm (double opt-in): nothing else reaches an address
// until its owner follows the link, so no one can sign a stranger up for posts. One component for
// both ways in: a single request renders it with its link; a staff import renders it once as a
// mailing whose link is a merge field, filled for each recipient as it is sent.
import { AddressLink, EmailButton, EmailLayout, Paragraph } from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";

/** The merge field of an import's mailing that each recipient's own confirmation link fills. */
export const CONFIRMATION_URL_FIELD = "confirmation_url";

const ignoreLine =
  "If you did not ask for this, you can ignore this email: you will get nothing more from us.";

type Props = { link: string; brand: string; subject: string; imported: boolean };

function ConfirmSubscriptionEmail({ link, brand, subject, imported }: Props) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={ignoreLine}>
      <Paragraph>
        {imported
          ? `You agreed to receive ${brand} Insights by email, so we added this address to our list.`
          : `Someone (hopefully you) asked for each new ${brand} Insights article by email at this address.`}
      </Paragraph>
      <Paragraph>
        Confirm it by opening this link within 7 days:
        <br />
        <AddressLink href={link} />
      </Paragraph>
      <EmailButton href={link}>Confirm my subscription</EmailButton>
      <Paragraph>Every email has a link to unsubscribe with one click.</Paragraph>
    </EmailLayout>
  );
}

const subjectFor = (brand: string) => `Confirm your subscription to ${brand} Insights`;

export function confirmSubscriptionEmail(link: string, brand: string) {
  const subject = subjectFor(brand);
  return renderEmail(
    subject,
    <ConfirmSubscriptionEmail link={link} brand={brand} subject={subject} imported={false} />,
  );
}

/**
 * The email of an import, rendered once for every address in it: its link is the
 * `{{confirmation_url}}` placeholder, which the outbox fills with each recipient's own link.
 */
export function importedConfirmationMailing(brand: string) {
  const subject = subjectFor(brand);
  return renderEmail(
    subject,
    <ConfirmSubscriptionEmail
      link={`{{${CONFIRMATION_URL_FIELD}}}`}
      brand={brand}
      subject={subject}
      imported
    />,
  );
}
