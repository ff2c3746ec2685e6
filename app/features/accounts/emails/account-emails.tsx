// The emails sign-up sends: a confirmation link for a new account, or, when the address already
// has one, a note saying so (the page answers the same either way).
import { AddressLink, EmailButton, EmailLayout, Paragraph } from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";

const ignoreLine = "If you did not ask for this, you can ignore this email.";

type Props = { link: string; brand: string; subject: string };

function ConfirmationEmail({ link, brand, subject }: Props) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={ignoreLine}>
      <Paragraph>
        {`Someone (hopefully you) signed up for the ${brand} website's admin with this address.`}
      </Paragraph>
      <Paragraph>
        Confirm your email by opening this link within 24 hours:
        <br />
        <AddressLink href={link} />
      </Paragraph>
      <EmailButton href={link}>Confirm my email</EmailButton>
      <Paragraph>
        After confirming, an administrator approves the account before it can manage the blog.
      </Paragraph>
    </EmailLayout>
  );
}

export function confirmationEmail(link: string, brand: string) {
  const subject = `Confirm your ${brand} admin account`;
  return renderEmail(subject, <ConfirmationEmail link={link} brand={brand} subject={subject} />);
}

function ExistingAccountEmail({ link, brand, subject }: Props) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={ignoreLine}>
      <Paragraph>
        {`Someone tried to sign up for the ${brand} website's admin with this address, which already has an account.`}
      </Paragraph>
      <Paragraph>
        If it was you, sign in here instead: <AddressLink href={link} />
      </Paragraph>
      <EmailButton href={link}>Sign in</EmailButton>
    </EmailLayout>
  );
}

export function existingAccountEmail(signInUrl: string, brand: string) {
  const subject = `You already have a ${brand} admin account`;
  return renderEmail(
    subject,
    <ExistingAccountEmail link={signInUrl} brand={brand} subject={subject} />,
  );
}
