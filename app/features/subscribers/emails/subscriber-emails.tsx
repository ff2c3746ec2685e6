// The email that asks a new subscriber to confirm (double opt-in): nothing else reaches an address
// until its owner follows the link, so no one can sign a stranger up for posts.
import { AddressLink, EmailButton, EmailLayout, Paragraph } from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";

const ignoreLine =
  "If you did not ask for this, you can ignore this email: you will get nothing more from us.";

type Props = { link: string; brand: string; subject: string };

function ConfirmSubscriptionEmail({ link, brand, subject }: Props) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={ignoreLine}>
      <Paragraph>
        {`Someone (hopefully you) asked for each new ${brand} Insights article by email at this address.`}
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

export function confirmSubscriptionEmail(link: string, brand: string) {
  const subject = `Confirm your subscription to ${brand} Insights`;
  return renderEmail(
    subject,
    <ConfirmSubscriptionEmail link={link} brand={brand} subject={subject} />,
  );
}
