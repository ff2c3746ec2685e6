// The names the passkey forms and their actions share, and what the Security page lists of a
// passkey; safe in the browser.

/** The field that carries the browser's answer, as JSON, to the action it is posted to. */
export const PASSKEY_CREDENTIAL_FIELD = "credential";
export const PASSKEY_SIGN_IN_INTENT = "passkey";
export const PASSKEY_NAME_MAX_LENGTH = 60;

export type ListedPasskey = {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/**
 * WebAuthn binds a passkey to the site's domain name (the relying party's id, SITE_URL's host):
 * a site whose address is an IP address has none, and every passkey ceremony there fails.
 */
export function passkeysNeedADomain(siteOrigin: string): boolean {
  const { hostname } = new URL(siteOrigin);
  // The URL parser writes every IPv4 form as four decimal numbers, and IPv6 in brackets.
  return hostname.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(hostname);
}

export const PASSKEYS_NEED_A_DOMAIN =
  "Passkeys need the site to be reached by a domain name such as localhost, not an IP address like 127.0.0.1.";
