// How long a staff session lasts. Apart from admin-session.server.ts, which opens the database as
// it loads, so that the browser tests can start a session exactly as signing in does.
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_LIMIT_MS = 7 * 24 * 60 * 60 * 1000;
/** Time to type the two-factor code after the password; then signing in starts over. */
export const SECOND_FACTOR_LIMIT_MS = 10 * 60 * 1000;
