// What a password must be: long enough for any passphrase or password manager, short enough that
// hashing stays cheap, and for a new one, NIST SP 800-63B's minimum for these accounts: 12
// characters, not only spaces. Cheap, so the browser checks it too; whether a new password is
// guessable is password-strength.server.ts's to say, on the server. Node also runs it as it is,
// for `npm run admin:create`.
export const PASSWORD_LENGTH = Object.freeze({ min: 6, max: 128 });
/** New passwords (sign-up, reset, the command line); sign-in still takes the older, shorter ones. */
export const NEW_PASSWORD_MIN_LENGTH = 12;

/** The rule as the forms that take a new password state it, before anyone tries one. */
export const NEW_PASSWORD_RULE = `At least ${NEW_PASSWORD_MIN_LENGTH} characters, and hard to guess: not built on your email or the firm's name. A few unrelated words make a good one.`;

export const NEW_PASSWORD_MESSAGES = Object.freeze({
  tooShort: `Your password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Please keep your password under ${PASSWORD_LENGTH.max} characters.`,
  onlySpaces: "Your password cannot be only spaces.",
});

/**
 * What is wrong with a new password that its shape alone shows, or null. Length counts
 * characters as people see them, so a passphrase in any script is measured fairly.
 */
export function newPasswordShapeProblem(password: string): string | null {
  const length = [...password].length;
  if (length < NEW_PASSWORD_MIN_LENGTH) return NEW_PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_LENGTH.max) return NEW_PASSWORD_MESSAGES.tooLong;
  if (password.trim() === "") return NEW_PASSWORD_MESSAGES.onlySpaces;
  return null;
}
