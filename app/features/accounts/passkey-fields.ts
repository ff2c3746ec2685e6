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
