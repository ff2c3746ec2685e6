// How many bytes of request body each route accepts: server/body-limits.ts holds every request to
// it before React Router reads a byte, and readBody (request.server.ts) reads no further. Node
// also runs this module as it is, for server.ts. See docs/decisions/021-request-body-limits.md.

const KB = 1024;
const MB = 1024 * KB;

// The largest body of each route that has an action. Forms are URL-encoded, where one character
// of text can take up to 9 bytes (%E2%80%94), so each limit leaves room for its longest valid form.
const BODY_LIMITS = new Map<string, number>([
  // A ping's body is the four bytes "PING" and a beacon's is empty.
  ["/cta-clicks", 64],
  // Name, email, phone and a message of at most 5,000 characters.
  ["/contact", 64 * KB],
  // A call's booking: name, email, company and phone, a topic of at most 2,000 characters and the
  // zone's name; a booked call's one-button forms: cancel, or move with the new time.
  ["/book/:start", 32 * KB],
  ["/book/manage/:token", 1 * KB],
  // An email address of at most 254 characters, a name of at most 120, the form's source and
  // honeypot. A subscriber's links take a one-button post, or a mail program's one-click
  // unsubscribe (RFC 8058: "List-Unsubscribe=One-Click"); neither body is read.
  ["/insights/subscribe", 4 * KB],
  ["/insights/subscribe/confirm/:token", 1 * KB],
  ["/insights/unsubscribe/:token", 1 * KB],
  // One step's answers, or the contact details of the last step.
  ["/efficiency-assessment", 16 * KB],
  // The efficiency updates' one button, on the results page and behind the signed link.
  ["/assessment-results", 1 * KB],
  ["/assessment-report/:token/subscribe", 1 * KB],
  // An email address and a password of at most 128 characters, or a passkey's answer (about 1 KB
  // of JSON, some 2 KB once URL-encoded).
  ["/admin/auth", 8 * KB],
  // A confirmation link's token and the password chosen with it.
  ["/admin/confirm", 8 * KB],
  // An email address; a password link's token and the new password.
  ["/admin/forgot-password", 8 * KB],
  ["/admin/reset-password", 8 * KB],
  // An invitation link's token and the password it sets.
  ["/admin/invitation", 8 * KB],
  // A post of up to 200,000 characters with its markup, excerpt, tags and link previews, and one
  // cover image of up to 10 MB (COVER_LIMITS.maxBytes in app/features/covers). With a file the
  // form goes as multipart/form-data: fields are sent unescaped, so the post fits as before, and
  // each part adds only its boundary and headers, well within the 64 KB to spare.
  ["/admin/blog", 512 * KB + 10 * MB + 64 * KB],
  // A CSV file of subscribers to import, of up to 2 MB (IMPORT_MAX_BYTES in
  // app/features/subscribers), sent as multipart/form-data with the consent tick; or a Remove
  // button's intent and id.
  ["/admin/subscribers", 2 * MB + 16 * KB],
  // The Security page's forms: a code of at most 40 characters with the button pressed; a new
  // passkey's answer, its attestation and public key, some 3 KB URL-encoded; a passkey's id; the
  // owner's switch.
  ["/admin/security", 1 * KB],
  ["/admin/security/passkeys/add", 8 * KB],
  ["/admin/security/passkeys/remove", 1 * KB],
  ["/admin/security/require-two-factor", 1 * KB],
  // A code from the app (or a recovery code) of at most 40 characters.
  ["/admin/two-factor", 1 * KB],
  // An address of at most 2,000 characters, a description of at most 200 and the events chosen.
  ["/admin/webhooks", 32 * KB],
  ["/admin/webhooks/:id/edit", 32 * KB],
  // A calendar's name of at most 100 characters and its address of at most 2,000; its buttons.
  ["/admin/bookings/calendars", 32 * KB],
  // The booking rules: seven days' open periods of at most 200 characters each, four numbers; or a
  // day off with a note of at most 200 characters.
  ["/admin/bookings/settings", 16 * KB],
  // The four retention periods, each a number of a few digits.
  ["/admin/retention", 1 * KB],
  // One-button forms: an intent and a record's id. On Users, also an invitation's one email
  // address: at most 254 characters, of which email allows few that take 3 bytes encoded.
  ["/admin/users", 1 * KB],
  // A privacy request's Erase: its intent and the one email address (at most 254 characters).
  ["/admin/privacy", 1 * KB],
  ["/admin/leads/messages", 1 * KB],
  ["/admin/bookings", 1 * KB],
  ["/admin/outbox", 1 * KB],
  ["/admin/webhooks/:id", 1 * KB],
  // Bodies read only to be refused past this: a passkey challenge's request is empty, and
  // signing out reads nothing.
  ["/admin/passkey-registration", 1 * KB],
  ["/admin/passkey-sign-in", 1 * KB],
  ["/admin/sign-out", 1 * KB],
]);

// Every other path: no action there reads a body, and this still lets a stray small post reach
// React Router, which answers it 405.
const DEFAULT_LIMIT = 1 * KB;

/**
 * The limit of the route `pathname` belongs to, or null for a path with no row in the table. React
 * Router serves the same action at `/contact`, `/contact/`, `/Contact` and, for a script's fetch,
 * `/contact.data`; a row's `:name` segment stands for any one segment, as in the route's path.
 */
export function ownBodyLimitFor(pathname: string): number | null {
  const segments = pathname
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1")
    .split("/");
  for (const [route, limit] of BODY_LIMITS) {
    const routeSegments = route.split("/");
    const matches =
      routeSegments.length === segments.length &&
      routeSegments.every(
        (segment, index) =>
          segment === segments[index] || (segment.startsWith(":") && segments[index] !== ""),
      );
    if (matches) return limit;
  }
  return null;
}

/** The most bytes of body a request to `pathname` may carry. */
export function bodyLimitFor(pathname: string): number {
  return ownBodyLimitFor(pathname) ?? DEFAULT_LIMIT;
}

/** True when `pathname` is a page with an action: only those have a body limit of their own. */
export function takesPosts(pathname: string): boolean {
  return ownBodyLimitFor(pathname) !== null;
}
