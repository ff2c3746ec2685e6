// Every answer to a privacy request, in the order the page lists them: the one place that names
// them, so asking "what do we hold about this address" asks every feature and lib module that
// holds any. tests/privacy-coverage.test.ts fails when a table of app/db/schema.ts is in neither
// list below.
import { accountsPersonalData } from "~/features/accounts/index.server";
import { assessmentPersonalData } from "~/features/assessment/index.server";
import { bookingPersonalData } from "~/features/booking/index.server";
import { contactPersonalData } from "~/features/contact/index.server";
import { outboxPersonalData } from "~/features/outbox/index.server";
import { subscribersPersonalData } from "~/features/subscribers/index.server";
import { auditPersonalData } from "~/lib/audit.server";
import type { PersonalDataHolder } from "~/lib/personal-data";
import { rateLimitPersonalData } from "~/lib/rate-limit.server";

export const PERSONAL_DATA_HOLDERS: readonly PersonalDataHolder[] = [
  contactPersonalData,
  assessmentPersonalData,
  bookingPersonalData,
  subscribersPersonalData,
  outboxPersonalData,
  accountsPersonalData,
  rateLimitPersonalData,
  auditPersonalData,
];

/** The tables no privacy request needs to ask, each with why. */
export const TABLES_WITHOUT_PERSONAL_DATA: Readonly<Record<string, string>> = {
  blog_posts: "Articles the firm's staff write and publish.",
  blog_post_tags: "Derived from the articles' tags.",
  blog_post_old_slugs: "Earlier addresses of articles.",
  media_files: "Cover images of articles.",
  app_settings: "The install's own settings.",
  cta_clicks: "Anonymous clicks, counted under a random session id never tied to an address.",
  webhook_endpoints: "The firm's own endpoints and their secrets.",
  newsletter_sends: "How many subscribers each article went to, and which staff member sent it.",
  booking_settings: "The firm's booking rules.",
  booking_days_off: "The firm's days off.",
  calendar_sources: "The staff's calendars' addresses.",
  calendar_busy: "Busy times read from the staff's calendars: start and end, nothing else.",
  sessions: "Staff sessions, by account id: a staff account is left to the Users page.",
  email_confirmations: "Staff sign-up links, by account id and token hash.",
  recovery_codes: "Staff recovery codes, by account id and code hash.",
  password_resets: "Staff password links, by account id and token hash.",
  passkeys: "Staff passkeys, by account id.",
  webauthn_challenges: "Passkey challenges, by account id, for minutes.",
};
