// The emails of staff accounts. Sign-up sends a confirmation link for a new account, or, when the
// address already has one, a note saying so (the page answers the same either way). Forgetting a
// password sends a link to choose a new one, and choosing it a note that it was changed.
import { AddressLink, EmailButton, EmailLayout, Paragraph } from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";

const ignoreLine = "If you did not ask for this, you can ignore this email.";
const changedFooter = "We send this note whenever the password of an admin account is changed.";

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

function PasswordResetEmail({ link, brand, subject }: Props) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={ignoreLine}>
      <Paragraph>
        {`Someone (hopefully you) asked to choose a new password for the ${brand} website's admin with this address.`}
      </Paragraph>
      <Paragraph>
        Choose it by opening this link within an hour; it works once:
        <br />
        <AddressLink href={link} />
      </Paragraph>
      <EmailButton href={link}>Choose a new password</EmailButton>
      <Paragraph>
        Then sign in with the new password, and with your code if two-factor sign-in is on.
      </Paragraph>
    </EmailLayout>
  );
}

export function passwordResetEmail(link: string, brand: string) {
  const subject = `Choose a new password for the ${brand} admin`;
  return renderEmail(subject, <PasswordResetEmail link={link} brand={brand} subject={subject} />);
}

function PasswordChangedEmail({ link, brand, subject }: Props) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={changedFooter}>
      <Paragraph>
        {`The password of your ${brand} admin account was just changed through a link sent to this address, and every session of the account was signed out.`}
      </Paragraph>
      <Paragraph>
        If that was not you, choose a new password at once here, and tell an administrator:{" "}
        <AddressLink href={link} />
      </Paragraph>
    </EmailLayout>
  );
}

export function passwordChangedEmail(forgotPasswordUrl: string, brand: string) {
  const subject = `Your ${brand} admin password was changed`;
  return renderEmail(
    subject,
    <PasswordChangedEmail link={forgotPasswordUrl} brand={brand} subject={subject} />,
  );
}
