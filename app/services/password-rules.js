// How long a password may be: long enough for any passphrase or password manager, short enough
// that hashing stays cheap. Plain JavaScript for `npm run admin:create`; safe in the browser.
export const PASSWORD_LENGTH = Object.freeze({ min: 6, max: 128 });
