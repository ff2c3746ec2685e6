// The emails of staff accounts. Sign-up sends a confirmation link for a new account, or, when the
// address already has one, a note saying so (the page answers the same either way). Forgetting a
// password sends a link to choose a new one, and choosing it a note that it was changed. A
// confirmed account that waits tells the owners, and its approval tells the account; an owner's
// invitation carries the link that sets a colleague's password, and an owner's reset of an
// account's two-factor sign-in tells that account.
import { AddressLink, EmailButton, EmailLayout, Paragraph } from "~/features/outbox";
import { renderEmail } from "~/features/outbox/index.server";

const ignoreLine = "If you did not ask for this, you can ignore this email.";
const changedFooter = "We send this note whenever the password of an admin account is changed.";
const ownersFooter = "We send this note to every owner of the admin when an account waits.";
const ignoreInvitation = "If you did not expect this, you can ignore this email.";
const resetFooter = "We send this note whenever an owner resets an account's two-factor sign-in.";

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

function ApprovalRequestEmail({ link, brand, subject, account }: Props & { account: string }) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={ownersFooter}>
      <Paragraph>
        {`${account} signed up for the ${brand} website's admin and confirmed the address. The account waits for an owner's approval before it can manage the blog.`}
      </Paragraph>
      <Paragraph>
        If you know them, approve the account here; if not, leave it waiting:
        <br />
        <AddressLink href={link} />
      </Paragraph>
      <EmailButton href={link}>Review the account</EmailButton>
    </EmailLayout>
  );
}

/** To each owner: a confirmed account waits for approval, at the Users page. */
export function approvalRequestEmail(account: string, usersUrl: string, brand: string) {
  const subject = `${account} is waiting for approval on the ${brand} admin`;
  return renderEmail(
    subject,
    <ApprovalRequestEmail link={usersUrl} brand={brand} subject={subject} account={account} />,
  );
}

function AccountApprovedEmail({ link, brand, subject }: Props) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={ignoreLine}>
      <Paragraph>
        {`An owner approved your account for the ${brand} website's admin. You can sign in now with the password you chose:`}
        <br />
        <AddressLink href={link} />
      </Paragraph>
      <EmailButton href={link}>Sign in</EmailButton>
    </EmailLayout>
  );
}

/** To the account an owner approved: it may sign in now. */
export function accountApprovedEmail(signInUrl: string, brand: string) {
  const subject = `Your ${brand} admin account was approved`;
  return renderEmail(
    subject,
    <AccountApprovedEmail link={signInUrl} brand={brand} subject={subject} />,
  );
}

function InvitationEmail({
  link,
  brand,
  subject,
  invitedBy,
  days,
}: Props & { invitedBy: string; days: number }) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={ignoreInvitation}>
      <Paragraph>
        {`${invitedBy} invited you to the ${brand} website's admin, where the firm's staff write Insights posts and follow up leads.`}
      </Paragraph>
      <Paragraph>
        {`Choose your password by opening this link within ${days} days; it works once and signs you in:`}
        <br />
        <AddressLink href={link} />
      </Paragraph>
      <EmailButton href={link}>Accept the invitation</EmailButton>
    </EmailLayout>
  );
}

/** To a colleague an owner invited: the link that sets their password and signs them in. */
export function invitationEmail(link: string, invitedBy: string, days: number, brand: string) {
  const subject = `You are invited to the ${brand} admin`;
  return renderEmail(
    subject,
    <InvitationEmail
      link={link}
      brand={brand}
      subject={subject}
      invitedBy={invitedBy}
      days={days}
    />,
  );
}

function TwoFactorResetEmail({
  link,
  brand,
  subject,
  resetBy,
  required,
}: Props & { resetBy: string; required: boolean }) {
  return (
    <EmailLayout brand={brand} heading={subject} footer={resetFooter}>
      <Paragraph>
        {`${resetBy}, an owner of the ${brand} website's admin, reset two-factor sign-in for your account: your authenticator app's codes and your recovery codes no longer work, and you were signed out everywhere. Your passkeys still work.`}
      </Paragraph>
      <Paragraph>
        {required
          ? "Sign in with your password alone; the admin then takes you to Security to set up two-factor sign-in again before anything else opens:"
          : "Sign in with your password alone, then set up two-factor sign-in again at Security:"}
        <br />
        <AddressLink href={link} />
      </Paragraph>
      <EmailButton href={link}>Open the admin</EmailButton>
      <Paragraph>{`If you did not ask for this, tell ${resetBy} at once.`}</Paragraph>
    </EmailLayout>
  );
}

/** To the account whose two-factor sign-in an owner reset: it signs in with its password now. */
export function twoFactorResetEmail(
  signInUrl: string,
  brand: string,
  { resetBy, required }: { resetBy: string; required: boolean },
) {
  const subject = `Two-factor sign-in was reset for your ${brand} admin account`;
  return renderEmail(
    subject,
    <TwoFactorResetEmail
      link={signInUrl}
      brand={brand}
      subject={subject}
      resetBy={resetBy}
      required={required}
    />,
  );
}
