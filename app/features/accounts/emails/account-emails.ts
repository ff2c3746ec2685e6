// The emails sign-up sends: a confirmation link for a new account, or, when the address already
// has one, a note saying so (the page answers the same either way).
import { emailFrame, escapeHtml } from "~/features/outbox";

const buttonHtml = (href: string, label: string) =>
  `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#0a1628;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

const ignoreLine = "If you did not ask for this, you can ignore this email.";

export function confirmationEmail(link: string, brand: string) {
  const subject = `Confirm your ${brand} admin account`;
  const text = [
    `Someone (hopefully you) signed up for the ${brand} website's admin with this address.`,
    "",
    "Confirm your email by opening this link within 24 hours:",
    link,
    "",
    "After confirming, an administrator approves the account before it can manage the blog.",
    "",
    ignoreLine,
  ].join("\n");
  const html = emailFrame({
    brand,
    heading: subject,
    body: `<p style="margin:0;line-height:1.5">Someone (hopefully you) signed up for the ${escapeHtml(brand)} website's admin with this address. Confirm your email within 24 hours:</p>
${buttonHtml(link, "Confirm my email")}
<p style="margin:0;font-size:13px;color:#33415c;line-height:1.5">Or paste this link into your browser: ${escapeHtml(link)}<br>After confirming, an administrator approves the account before it can manage the blog. ${ignoreLine}</p>`,
  });
  return { subject, text, html };
}

export function existingAccountEmail(signInUrl: string, brand: string) {
  const subject = `You already have a ${brand} admin account`;
  const text = [
    `Someone tried to sign up for the ${brand} website's admin with this address, which already has an account.`,
    "",
    `If it was you, sign in here instead: ${signInUrl}`,
    "",
    ignoreLine,
  ].join("\n");
  const html = emailFrame({
    brand,
    heading: subject,
    body: `<p style="margin:0;line-height:1.5">Someone tried to sign up for the ${escapeHtml(brand)} website's admin with this address, which already has an account. If it was you, sign in instead:</p>
${buttonHtml(signInUrl, "Sign in")}
<p style="margin:0;font-size:13px;color:#33415c">${ignoreLine}</p>`,
  });
  return { subject, text, html };
}
