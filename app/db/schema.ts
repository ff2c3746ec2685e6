// The drizzle schema: the spec's tables with the spec's column names.
import { sql } from "drizzle-orm";
import {
  blob,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, filled by SQLite when a row is written without it. */
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

/** Where a lead came from: the UTM parameters and referrer seen when the visitor arrived. */
const attributionColumns = () => ({
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
  referrer: text("referrer"),
});

export type LinkPreview = {
  url: string;
  image?: string | null;
  title: string;
  description?: string | null;
  domain: string;
};

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    previewLink: text("preview_link"),
    author: text("author").notNull(),
    readTime: text("read_time").notNull().default("5 min read"),
    // Whether staff typed read_time themselves: then it stays as typed, otherwise each save counts
    // it from the text again. A row written without saying (raw SQL, rows older than the count)
    // keeps the read time it was given.
    readTimeByStaff: integer("read_time_by_staff", { mode: "boolean" }).notNull().default(true),
    tags: text("tags", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    publishedDate: integer("published_date", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    createdAt: createdAt(),
    // For the sitemap's lastmod and the feed's Last-Modified; set again whenever a post is saved.
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    // JSON text, read only through normaliseLinkPreviews, which always gives a list: kept as
    // text so a malformed value degrades to no previews instead of failing the whole query.
    linkPreviews: text("link_previews").notNull().default("[]"),
    // Why preview_link has no preview, in plain words, from the last time it was fetched; null
    // when it has one, or when there is no link.
    previewFailure: text("preview_failure"),
    // The article's address, /insights/{slug}. Null only for a row written without one (raw SQL,
    // or from before slugs): such a post answers at its id until the server assigns one at start.
    slug: text("slug"),
    // What search results and share cards show; empty means the title and the excerpt.
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    // The uploaded cover: the id of its resized files (media_files), its size in
    // pixels and the text that stands in for it. All four are set together or all null.
    coverId: text("cover_id"),
    coverWidth: integer("cover_width"),
    coverHeight: integer("cover_height"),
    coverAlt: text("cover_alt"),
    // Which sanitiser made `content` safe (app/features/insights/post-html.ts): a post saved by the
    // current one is served as it is stored; null (raw SQL) or an older one is sanitised again.
    sanitizerVersion: text("sanitizer_version"),
    /** "Email to subscribers": whether the post goes to the Insights subscribers once it is live. */
    emailSubscribers: integer("email_subscribers", { mode: "boolean" }).notNull().default(true),
    /**
     * When the post's email to subscribers was queued (or, for posts live before posts were
     * emailed, when that began): set once, so a post is emailed once however often it is saved,
     * unpublished or published again. Null while it waits for its time or has not been sent.
     */
    newsletterQueuedAt: integer("newsletter_queued_at", { mode: "timestamp_ms" }),
  },
  // Every list, feed and sitemap reads its page along one of these, newest (or oldest) first
  // with the id breaking ties, so none of them sorts or scans all posts (decision 029).
  (table) => [
    // The public list, the feed and the sitemap; updated_at makes it cover the sitemap's reads.
    index("blog_posts_public_order_idx").on(
      table.published,
      table.publishedDate,
      table.id,
      table.updatedAt,
      table.slug,
    ),
    index("blog_posts_featured_order_idx").on(
      table.published,
      table.featured,
      table.publishedDate,
      table.id,
    ),
    // The newest change to a public post, for Last-Modified and the sitemap's lastmod.
    index("blog_posts_public_updated_at_idx").on(
      table.published,
      table.updatedAt,
      table.publishedDate,
    ),
    // The admin's list, every post whatever its state.
    index("blog_posts_published_date_idx").on(table.publishedDate, table.id),
    // Two posts never share an address, however their saves interleave.
    uniqueIndex("blog_posts_slug_idx").on(table.slug),
    // The posts waiting to be emailed to subscribers, which the newsletter job reads every minute.
    index("blog_posts_newsletter_due_idx")
      .on(table.publishedDate)
      .where(sql`newsletter_queued_at is null and email_subscribers = 1 and published = 1`),
  ],
);

/**
 * A post's earlier slugs, each answering 301 to the post's current address so that no shared link
 * breaks. A slug here is never any post's current slug: taking it for a post removes it here.
 */
export const blogPostOldSlugs = sqliteTable(
  "blog_post_old_slugs",
  {
    slug: text("slug").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
  },
  (table) => [index("blog_post_old_slugs_post_id_idx").on(table.postId)],
);

/**
 * One row per tag of each post, with what the public list filters and sorts by, so a tag's page
 * reads its posts through an index. Derived from blog_posts.tags and kept by SQLite triggers
 * (drizzle/0012_post_tags_and_list_indexes.sql), so every write to blog_posts, raw SQL included,
 * keeps it; nothing else writes it.
 */
export const blogPostTags = sqliteTable(
  "blog_post_tags",
  {
    postId: text("post_id").notNull(),
    tag: text("tag").notNull(),
    published: integer("published", { mode: "boolean" }).notNull(),
    publishedDate: integer("published_date", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.tag] }),
    index("blog_post_tags_order_idx").on(
      table.tag,
      table.published,
      table.publishedDate,
      table.postId,
    ),
  ],
);

/** Small facts about this install, e.g. that the demo content was seeded once. */
/**
 * Uploaded media, the bytes in the database so that LiteFS replicates them with the rows that name
 * them (docs/decisions/041-media-in-sqlite.md). Owned by app/features/covers: one row per file of
 * a cover, written in the transaction that saves the post naming it and deleted in the one that
 * drops it. `path` is the file's address below /media/ (`covers/<id>/480.avif`); `sha256` (hex,
 * of `bytes`) is its ETag.
 */
export const mediaFiles = sqliteTable(
  "media_files",
  {
    path: text("path").primaryKey(),
    coverId: text("cover_id").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    bytes: blob("bytes", { mode: "buffer" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("media_files_cover_id_idx").on(table.coverId)],
);

export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

export const assessmentSubmissions = sqliteTable(
  "assessment_submissions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    company: text("company").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    timeWasted: text("time_wasted").notNull(),
    timeWastedScore: integer("time_wasted_score").notNull(),
    reinventWheel: text("reinvent_wheel").notNull(),
    reinventWheelScore: integer("reinvent_wheel_score").notNull(),
    criticalProcesses: text("critical_processes").notNull(),
    criticalProcessesScore: integer("critical_processes_score").notNull(),
    vacationImpact: text("vacation_impact").notNull(),
    vacationImpactScore: integer("vacation_impact_score").notNull(),
    meetingTime: text("meeting_time").notNull(),
    meetingTimeScore: integer("meeting_time_score").notNull(),
    projectDelays: text("project_delays").notNull(),
    projectDelaysScore: integer("project_delays_score").notNull(),
    role: text("role").notNull(),
    roleScore: integer("role_score").notNull(),
    approvalProcess: text("approval_process").notNull(),
    approvalProcessScore: integer("approval_process_score").notNull(),
    urgency: text("urgency").notNull(),
    urgencyScore: integer("urgency_score").notNull(),
    timeline: text("timeline").notNull(),
    timelineScore: integer("timeline_score").notNull(),
    efficiencyScore: integer("efficiency_score").notNull(),
    bandScore: integer("band_score").notNull(),
    // Copied from the visit when the assessment is submitted.
    ...attributionColumns(),
    visitId: text("visit_id").references(() => assessmentVisits.id),
    createdAt: createdAt(),
  },
  (table) => [
    index("assessment_submissions_created_at_idx").on(table.createdAt),
    // One submission per visit: a double-clicked submit finds the first row instead of adding one.
    uniqueIndex("assessment_submissions_visit_id_unique").on(table.visitId),
  ],
);

/**
 * One anonymous run through the wizard: where it came from and how far it got, for the drop-off
 * funnel. No personal data.
 */
export const assessmentVisits = sqliteTable(
  "assessment_visits",
  {
    id: text("id").primaryKey(),
    furthestStep: integer("furthest_step").notNull().default(1),
    startedAt: integer("started_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    // Kept here rather than in the visitor's cookie, which must stay under 4 KB.
    ...attributionColumns(),
  },
  (table) => [index("assessment_visits_started_at_idx").on(table.startedAt)],
);

export const ctaClicks = sqliteTable(
  "cta_clicks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ctaSource: text("cta_source").notNull(),
    pagePath: text("page_path").notNull(),
    userSession: text("user_session").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("cta_clicks_created_at_idx").on(table.createdAt)],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    createdAt: createdAt(),
    /** Set when someone at the firm marks the message as dealt with in the leads view. */
    handledAt: integer("handled_at", { mode: "timestamp_ms" }),
    /**
     * The post's one-time key: its form's id with what was typed (docs/decisions/039-contact-replays-and-held-mail.md), so the
     * same post sent again stores nothing new. Null for posts from a page without a form id.
     */
    submissionKey: text("submission_key"),
  },
  (table) => [
    index("contact_messages_created_at_idx").on(table.createdAt),
    uniqueIndex("contact_messages_submission_key_idx").on(table.submissionKey),
    // A booking's prospect is matched to their messages by address, however they typed its case.
    index("contact_messages_email_idx").on(sql.raw("lower(email)")),
  ],
);

/** Where the site hands leads to the firm's other tools: each endpoint gets the events it chose. */
export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  url: text("url").notNull(),
  /** What the endpoint is for, in the staff's words ("CRM", "Zapier"). */
  description: text("description").notNull().default(""),
  /** The event types it receives, e.g. `["contact.message", "assessment.submitted"]`. */
  events: text("events", { mode: "json" }).$type<string[]>().notNull(),
  /** The Standard Webhooks signing secret, `whsec_` and base64; the receiver holds it too. */
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});

/** The bodies one mailing sends to each of its recipients, with `{{name}}` placeholders. */
export const outboxMailings = sqliteTable("outbox_mailings", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  createdAt: createdAt(),
});

/**
 * Every message the site sends, an email or a webhook delivery, written in the same transaction
 * as the record that caused it and delivered by the outbox worker. Rows are never deleted (but
 * with their webhook endpoint): `sent_at` or `failed_at` ends them.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: ["email", "webhook"] })
      .notNull()
      .default("email"),
    // An email's parts.
    recipient: text("recipient"),
    replyTo: text("reply_to"),
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    /** An iCalendar object sent with the email as its `text/calendar` part and an `.ics` file. */
    calendar: text("calendar"),
    /** The iCalendar METHOD of `calendar` ("REQUEST", "CANCEL"), named in its part's type. */
    calendarMethod: text("calendar_method", { enum: ["REQUEST", "CANCEL"] }),
    // A webhook delivery's parts.
    webhookEndpointId: integer("webhook_endpoint_id").references(() => webhookEndpoints.id, {
      onDelete: "cascade",
    }),
    /** The event's id, sent as `webhook-id` on every attempt so receivers can drop repeats. */
    eventId: text("event_id"),
    eventType: text("event_type"),
    /** The JSON body exactly as it is signed and sent. */
    payload: text("payload"),
    /** The HTTP status of the endpoint's last answer, if it answered. */
    responseStatus: integer("response_status"),
    /**
     * A bulk email (a newsletter) waits behind every other due row, so leads never queue behind
     * a mailing list.
     */
    bulk: integer("bulk", { mode: "boolean" }).notNull().default(false),
    /**
     * The shared bodies of a mailing (one per newsletter sent), which the row's merge fields fill
     * in for its recipient, so ten thousand recipients do not store ten thousand copies.
     */
    mailingId: integer("mailing_id").references(() => outboxMailings.id),
    /** The recipient's own values for the mailing's `{{name}}` placeholders, as a JSON object. */
    mergeFields: text("merge_fields", { mode: "json" }).$type<Record<string, string>>(),
    /** Headers of this email beyond the usual ones (List-Unsubscribe), as a JSON object. */
    extraHeaders: text("extra_headers", { mode: "json" }).$type<Record<string, string>>(),
    contactMessageId: integer("contact_message_id").references(() => contactMessages.id),
    assessmentSubmissionId: integer("assessment_submission_id").references(
      () => assessmentSubmissions.id,
    ),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** A worker's lease on the row while it sends; another worker may take it once it expires. */
    claimedUntil: integer("claimed_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    /**
     * Set on the emails still queued when a backup was taken (scripts/backup.ts), in the copy: once
     * restored they wait for staff to send or discard them, as the live server may have sent them.
     */
    heldAt: integer("held_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("outbox_due_idx").on(table.sentAt, table.failedAt, table.bulk, table.nextAttemptAt),
    index("outbox_mailing_id_idx").on(table.mailingId),
    index("outbox_contact_message_id_idx").on(table.contactMessageId),
    // One delivery per event and endpoint, however often the event is queued.
    uniqueIndex("outbox_webhook_event_idx").on(table.webhookEndpointId, table.eventId),
    // Written without table names: a rebuilt table is renamed, and its checks must still read.
    check(
      "outbox_channel_parts",
      sql.raw(
        "(channel = 'email' and recipient is not null and subject is not null and ((text_body is not null and html_body is not null) or mailing_id is not null)) or (channel = 'webhook' and webhook_endpoint_id is not null and event_id is not null and event_type is not null and payload is not null)",
      ),
    ),
  ],
);

/** The open hours of one weekday, as wall times in the firm's zone: `[["09:00", "17:00"]]`. */
export type WeeklyHours = Record<"0" | "1" | "2" | "3" | "4" | "5" | "6", [string, string][]>;

/**
 * The firm's booking rules, one row (id 1) that the migration writes with the defaults: weekdays
 * 09:00 to 17:00, 30-minute calls starting every 30 minutes, 24 hours' notice, 14 days ahead.
 */
export const bookingSettings = sqliteTable(
  "booking_settings",
  {
    id: integer("id").primaryKey(),
    /** Keyed by weekday, 0 for Sunday as `Date.getDay()` counts. */
    weeklyHours: text("weekly_hours", { mode: "json" }).$type<WeeklyHours>().notNull(),
    callMinutes: integer("call_minutes").notNull(),
    /** Calls start on this grid from each open period's start: 30 gives the hour and half hour. */
    startEveryMinutes: integer("start_every_minutes").notNull(),
    noticeMinutes: integer("notice_minutes").notNull(),
    horizonDays: integer("horizon_days").notNull(),
    /** The private calendar feed's secret (`/calendar/<secret>.ics`); staff can replace it. */
    feedSecret: text("feed_secret").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  () => [
    check("booking_settings_one_row", sql.raw("id = 1")),
    // The open times are counted on these: a zero grid would never end, a zero call is no call.
    check(
      "booking_settings_bounds",
      sql.raw(
        "call_minutes between 5 and 480 and start_every_minutes between 5 and 480 and notice_minutes >= 0 and horizon_days between 1 and 365",
      ),
    ),
  ],
);

/** Whole days, in the firm's zone, on which no call is offered. */
export const bookingDaysOff = sqliteTable("booking_days_off", {
  /** The calendar day, "2026-12-24". */
  day: text("day").primaryKey(),
  note: text("note").notNull().default(""),
  createdAt: createdAt(),
});

/**
 * A discovery call a visitor booked. Moving it changes its times and raises `sequence`, keeping
 * its iCalendar `uid`; cancelling keeps the row. The database refuses two confirmed calls at the
 * same start.
 */
export const bookings = sqliteTable(
  "bookings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The iCalendar UID of the event in both sides' calendars, stable for the call's life. */
    uid: text("uid").notNull().unique(),
    /** The iCalendar SEQUENCE: 0 when booked, one more with each change sent. */
    sequence: integer("sequence").notNull().default(0),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: ["confirmed", "cancelled"] })
      .notNull()
      .default("confirmed"),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    phone: text("phone"),
    topic: text("topic").notNull().default(""),
    /** The zone the visitor chose to read times in, for their emails. */
    visitorTimeZone: text("visitor_time_zone").notNull(),
    /** The visitor's assessment, when they had a result in this browser. */
    assessmentSubmissionId: integer("assessment_submission_id").references(
      () => assessmentSubmissions.id,
    ),
    /** Set once the 24-hour reminder is queued, in the same transaction, so it goes once. */
    reminderQueuedAt: integer("reminder_queued_at", { mode: "timestamp_ms" }),
    /**
     * When the call was last moved, null if never: with `created_at`, when its time was chosen,
     * so a call chosen less than 24 hours ahead gets no reminder (its invitation just came).
     */
    movedAt: integer("moved_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    cancelledBy: text("cancelled_by", { enum: ["visitor", "staff"] }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("bookings_confirmed_start_idx")
      .on(table.startsAt)
      .where(sql.raw("status = 'confirmed'")),
    index("bookings_starts_at_idx").on(table.startsAt),
    index("bookings_email_idx").on(table.email),
  ],
);

/** A staff calendar's secret iCalendar address, read on a schedule for the times it is busy. */
export const calendarSources = sqliteTable("calendar_sources", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Whose calendar, in the staff's words ("Dana's Google Calendar"). */
  label: text("label").notNull(),
  /** A secret address: shown to staff only in part. */
  url: text("url").notNull(),
  lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
  lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
  /** Why the last read failed, in plain words; null after a good read. */
  lastError: text("last_error"),
  /** How many busy periods the last good read found within the booking horizon. */
  busyCount: integer("busy_count").notNull().default(0),
  createdAt: createdAt(),
});

/** The busy periods of each calendar, expanded from its events, replaced on every good read. */
export const calendarBusy = sqliteTable(
  "calendar_busy",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sourceId: integer("source_id")
      .notNull()
      .references(() => calendarSources.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("calendar_busy_starts_at_idx").on(table.startsAt),
    index("calendar_busy_source_idx").on(table.sourceId),
  ],
);

/** Staff accounts. Email is stored lower-cased, so uniqueness is case-insensitive. */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  // argon2id, in its self-describing PHC string form.
  passwordHash: text("password_hash").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
  /**
   * Owners approve and revoke admins and name other owners. The first admin to sign in on an
   * install without one becomes its owner; the last owner cannot be removed.
   */
  owner: integer("owner", { mode: "boolean" }).notNull().default(false),
  /**
   * The base32 key of the account's authenticator app, set once the account confirmed it with a
   * first code; null while two-factor sign-in is off.
   */
  totpSecret: text("totp_secret"),
  /** The time step of the last code accepted, so no code is accepted twice. */
  totpLastTimeStep: integer("totp_last_time_step"),
  createdAt: createdAt(),
});

/**
 * Signed-in sessions. The browser holds the id in a signed cookie; the table holds only its
 * SHA-256, so a copy of the database cannot be used to sign in.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** The password was right but the two-factor code is still to come: nothing is open yet. */
    awaitingSecondFactor: integer("awaiting_second_factor", { mode: "boolean" })
      .notNull()
      .default(false),
    /**
     * A new authenticator key being set up in this session, until a first code confirms it. Kept
     * with the session so an abandoned set-up ends with it.
     */
    pendingTotpSecret: text("pending_totp_secret"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/**
 * Single-use recovery codes for two-factor sign-in, ten per account. Only each code's SHA-256 is
 * kept: the codes are long and random, so a fast hash cannot be reversed by guessing.
 */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("recovery_codes_user_id_idx").on(table.userId)],
);

/**
 * Passkeys (WebAuthn credentials) an account signs in with instead of its password and code. The
 * public key is the COSE key the authenticator gave at registration; the counter is the last
 * signature count it reported, kept so a cloned authenticator's older count is refused.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id, base64url, as the browser names it when signing in. */
    credentialId: text("credential_id").notNull().unique(),
    publicKey: blob("public_key", { mode: "buffer" }).notNull(),
    counter: integer("counter").notNull().default(0),
    /** How the browser reached the authenticator (internal, hybrid, usb...), as JSON. */
    transports: text("transports", { mode: "json" }).$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("passkeys_user_id_idx").on(table.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered: each is deleted by the answer that uses
 * it, so it works once, and refused after `expires_at`. A registration's challenge belongs to
 * the account adding the passkey; a sign-in's to nobody yet.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("webauthn_challenges_expires_at_idx").on(table.expiresAt)],
);

/** A link sent by email that works once until it expires: only its token's SHA-256 is kept. */
const singleUseLinkColumns = () => ({
  tokenHash: text("token_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
});

/** Single-use email confirmation links; only the token's SHA-256 is kept. */
export const emailConfirmations = sqliteTable(
  "email_confirmations",
  {
    ...singleUseLinkColumns(),
    /**
     * The argon2id hash of the password chosen with this link's sign-up. Confirming asks for that
     * password again, so a stranger's earlier sign-up can never set the password of the mailbox
     * holder's account. Links made before this column existed have none and no longer confirm.
     */
    passwordHash: text("password_hash"),
  },
  (table) => [index("email_confirmations_user_id_idx").on(table.userId)],
);

/**
 * Single-use links to choose a new password, valid an hour; only the token's SHA-256 is kept. A
 * newer link, or a password set through any of them, spends the account's others.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    ...singleUseLinkColumns(),
  },
  (table) => [index("password_resets_user_id_idx").on(table.userId)],
);

/**
 * Colleagues an owner invited by email (decision 052): one row per address while the invitation
 * is open, whose single-use link (only its token's SHA-256 is kept) sets the password of an
 * approved account. Sending it again gives the row a new token and a new week; revoking deletes
 * it, and so does revoking the owner who sent it.
 */
export const invitations = sqliteTable(
  "invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lower-cased, as in `users`. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("invitations_email_idx").on(table.email),
    index("invitations_invited_by_idx").on(table.invitedBy),
  ],
);

/**
 * Rate limit counters, one row per limiter and key (`contact:203.0.113.7`), written by
 * rate-limiter-flexible's SQLite store in its own shape, so limits hold across restarts and, with
 * LiteFS, across machines. `expire` is milliseconds since the epoch; expired rows are swept.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: integer("expire"),
});

/**
 * People who asked for each new Insights post by email (double opt-in): "pending" until they
 * follow the link of the confirmation email, "confirmed" while they get posts, "unsubscribed" for
 * good: such an address gets no post again unless it goes through the opt-in once more.
 */
export const subscribers = sqliteTable(
  "subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** As typed, trimmed; `email_key` is the same lower-cased, which makes it unique. */
    email: text("email").notNull(),
    emailKey: text("email_key").notNull().unique(),
    name: text("name"),
    status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] }).notNull(),
    /** Where they asked: the Insights page, an article, the assessment's results, a staff import. */
    source: text("source", { enum: ["insights", "article", "assessment", "import"] }).notNull(),
    /** The SHA-256 of the confirmation link's token, while one waits; spent when used. */
    confirmationTokenHash: text("confirmation_token_hash").unique(),
    confirmationSentAt: integer("confirmation_sent_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("subscribers_status_idx").on(table.status, table.id)],
);

/**
 * Addresses whose subscriber was erased at their request (decision 069), as the keyed hash of the
 * address (app/lib/address-keys.server.ts), never the address: a staff import skips them, so no
 * one mails them again unless they subscribe themselves through the opt-in, which removes the hash.
 */
export const subscriberSuppressions = sqliteTable("subscriber_suppressions", {
  addressKey: text("address_key").primaryKey(),
  createdAt: createdAt(),
});

/**
 * Each time a post was emailed to the subscribers: round 1 when it went live, further rounds when
 * staff chose "Send again". The outbox's mailing holds its emails, and says how many went out.
 */
export const newsletterSends = sqliteTable(
  "newsletter_sends",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: text("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    /** The staff member who chose "Send again"; null for the send when the post went live. */
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    mailingId: integer("mailing_id").references(() => outboxMailings.id),
    recipients: integer("recipients").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("newsletter_sends_post_round_idx").on(table.postId, table.round)],
);

/**
 * Who did what in the admin, when and from which address, appended and never changed: triggers
 * refuse every UPDATE, and every DELETE of an entry younger than its retention
 * (`retention.auditDays` in app_settings), so only the retention sweep removes entries. No foreign
 * key: an entry outlives the account it names, and a cascade would be a change.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** The staff member who acted, by id and by address as it was then; null for the server. */
    actorUserId: integer("actor_user_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    /** What was acted on, as `kind:id` (`post:…`, `user:12`, `webhook:3`, `export:messages`). */
    target: text("target"),
    /**
     * The person outside the firm the entry is about, as the keyed hash of their address
     * (app/lib/address-keys.server.ts), never the address: an erasure leaves nothing to find.
     */
    subjectKey: text("subject_key"),
    ipAddress: text("ip_address"),
    /** What else the entry needs to be read, as a JSON object without personal data. */
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at, table.id),
    index("audit_log_actor_idx").on(table.actorUserId, table.at),
    index("audit_log_action_idx").on(table.action, table.at),
  ],
);
