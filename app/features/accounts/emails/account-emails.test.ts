import { describe, expect, test } from "vitest";
import {
  accountApprovedEmail,
  approvalRequestEmail,
  confirmationEmail,
  existingAccountEmail,
  invitationEmail,
  passwordChangedEmail,
  passwordResetEmail,
  twoFactorResetEmail,
} from "./account-emails";

const brand = "Keelstone Operations";
const confirmLink = "https://keelstone.example.com/admin/confirm?token=abc-DEF_123";
const signInLink = "https://keelstone.example.com/admin/auth";
const resetLink = "https://keelstone.example.com/admin/reset-password?token=abc-DEF_123";
const forgotLink = "https://keelstone.example.com/admin/forgot-password";
const usersLink = "https://keelstone.example.com/admin/users";
const invitationLink = "https://keelstone.example.com/admin/invitation?token=abc-DEF_123";

describe("the account emails", () => {
  test.each([
    {
      email: "confirmationEmail",
      render: () => confirmationEmail(confirmLink, brand),
      subject: "Confirm your Keelstone Operations admin account",
      link: confirmLink,
      button: "Confirm my email",
      text: [
        "Someone (hopefully you) signed up for the Keelstone Operations website's admin with this address.",
        `Confirm your email by opening this link within 24 hours:\n${confirmLink}\n`,
        "After confirming, an administrator approves the account before it can manage the blog.",
        "If you did not ask for this, you can ignore this email.",
      ],
    },
    {
      email: "existingAccountEmail",
      render: () => existingAccountEmail(signInLink, brand),
      subject: "You already have a Keelstone Operations admin account",
      link: signInLink,
      button: "Sign in",
      text: [
        "Someone tried to sign up for the Keelstone Operations website's admin with this address, which already has an account.",
        `If it was you, sign in here instead: ${signInLink}\n`,
        "If you did not ask for this, you can ignore this email.",
      ],
    },
    {
      email: "passwordResetEmail",
      render: () => passwordResetEmail(resetLink, brand),
      subject: "Choose a new password for the Keelstone Operations admin",
      link: resetLink,
      button: "Choose a new password",
      text: [
        "Someone (hopefully you) asked to choose a new password for the Keelstone Operations website's admin with this address.",
        `Choose it by opening this link within an hour; it works once:\n${resetLink}\n`,
        "Then sign in with the new password, and with your code if two-factor sign-in is on.",
        "If you did not ask for this, you can ignore this email.",
      ],
    },
    {
      email: "approvalRequestEmail",
      render: () => approvalRequestEmail("dana@example.org", usersLink, brand),
      subject: "dana@example.org is waiting for approval on the Keelstone Operations admin",
      link: usersLink,
      button: "Review the account",
      text: [
        "dana@example.org signed up for the Keelstone Operations website's admin and confirmed the address. The account waits for an owner's approval before it can manage the blog.",
        `If you know them, approve the account here; if not, leave it waiting:\n${usersLink}\n`,
        "We send this note to every owner of the admin when an account waits.",
      ],
    },
    {
      email: "accountApprovedEmail",
      render: () => accountApprovedEmail(signInLink, brand),
      subject: "Your Keelstone Operations admin account was approved",
      link: signInLink,
      button: "Sign in",
      text: [
        `An owner approved your account for the Keelstone Operations website's admin. You can sign in now with the password you chose:\n${signInLink}\n`,
      ],
    },
    {
      email: "invitationEmail",
      render: () => invitationEmail(invitationLink, "owner@example.org", 7, brand),
      subject: "You are invited to the Keelstone Operations admin",
      link: invitationLink,
      button: "Accept the invitation",
      text: [
        "owner@example.org invited you to the Keelstone Operations website's admin, where the firm's staff write Insights posts and follow up leads.",
        `Choose your password by opening this link within 7 days; it works once and signs you in:\n${invitationLink}\n`,
        "If you did not expect this, you can ignore this email.",
      ],
    },
    ...[false, true].map((required) => ({
      email: `twoFactorResetEmail${required ? " (required)" : ""}`,
      render: () =>
        twoFactorResetEmail(signInLink, brand, { resetBy: "owner@example.org", required }),
      subject: "Two-factor sign-in was reset for your Keelstone Operations admin account",
      link: signInLink,
      button: "Open the admin",
      text: [
        "owner@example.org, an owner of the Keelstone Operations website's admin, reset two-factor sign-in for your account: your authenticator app's codes and your recovery codes no longer work, and you were signed out everywhere. Your passkeys still work.",
        required
          ? `Sign in with your password alone; the admin then takes you to Security to set up two-factor sign-in again before anything else opens:\n${signInLink}\n`
          : `Sign in with your password alone, then set up two-factor sign-in again at Security:\n${signInLink}\n`,
        "If you did not ask for this, tell owner@example.org at once.",
        "We send this note whenever an owner resets an account's two-factor sign-in.",
      ],
    })),
  ])("$email: subject, sentences and link in both parts", async (expected) => {
    const email = await expected.render();
    expect(email.subject).toBe(expected.subject);
    for (const part of expected.text) expect(email.text).toContain(part);
    // The link once: the button is for the eye, the sentence carries the address in text.
    expect(email.text.split(expected.link)).toHaveLength(2);
    expect(email.text).not.toContain(expected.button);
    expect(email.html).toContain(`href="${expected.link}"`);
    expect(email.html).toContain(`>${expected.button}<`);
    expect(email.html).toContain(`<title>${expected.subject}</title>`);
  });

  test("passwordChangedEmail: subject, sentences and the link to choose another", async () => {
    const email = await passwordChangedEmail(forgotLink, brand);
    expect(email.subject).toBe("Your Keelstone Operations admin password was changed");
    for (const part of [
      "The password of your Keelstone Operations admin account was just changed through a link sent to this address, and every session of the account was signed out.",
      `If that was not you, choose a new password at once here, and tell an administrator: ${forgotLink}`,
      "We send this note whenever the password of an admin account is changed.",
    ]) {
      expect(email.text).toContain(part);
    }
    expect(email.html).toContain(`href="${forgotLink}"`);
  });

  test("the brand is escaped in the HTML and literal in the text", async () => {
    const email = await confirmationEmail(confirmLink, "Keel & <Co>");
    expect(email.html).not.toContain("<Co>");
    expect(email.html).toContain("Keel &amp; &lt;Co&gt;");
    expect(email.text).toContain("signed up for the Keel & <Co> website's admin");
  });
});
