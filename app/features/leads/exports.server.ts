// The leads view's CSV exports: every column, answers in words, for the filters on screen.
// Rows are read in batches as the download is read, so an export of any size stays small in memory.
import {
  type SubmissionWithCount,
  answersOf,
  submissionsBatch,
} from "~/features/assessment/index.server";
import { contactMessagesBatch } from "~/features/contact/index.server";
import { ctaClicksBatch } from "~/features/cta-clicks/index.server";
import { bookingsBatch } from "~/features/booking/index.server";
import { subscribersBatch } from "~/features/subscribers/index.server";
import {
  answersInWords,
  efficiencyQuestionIds,
  levelFor,
  qualificationQuestionIds,
  questionsById,
  recommendationFor,
  type AssessmentFilters,
} from "~/features/assessment";
import {
  AUDIT_ACTIONS,
  auditEntriesBatch,
  type AuditFilters,
  type AuditRow,
} from "~/lib/audit.server";
import type { Period } from "~/lib/periods";
import { zonedIsoString } from "~/lib/zoned-time";
import { csvStream, type CsvCell } from "./csv";
import type { MessageFilters } from "~/features/contact";

const BATCH_SIZE = 500;

/** Walks batches newest first until one comes back empty. */
function* inBatches<Row extends { id: number }>(
  nextBatch: (beforeId: number | null) => Row[],
): Generator<Row> {
  let beforeId: number | null = null;
  for (;;) {
    const batch = nextBatch(beforeId);
    if (batch.length === 0) return;
    yield* batch;
    beforeId = batch[batch.length - 1]!.id;
  }
}

function* mapped<From, To>(rows: Iterable<From>, map: (row: From) => To): Generator<To> {
  for (const row of rows) yield map(row);
}

const questionIds = [...efficiencyQuestionIds, ...qualificationQuestionIds];

const attributionHeader = [
  "UTM source",
  "UTM medium",
  "UTM campaign",
  "UTM term",
  "UTM content",
  "Referrer",
];

const assessmentExportHeader = [
  "ID",
  "Submitted at",
  "Company",
  "First name",
  "Last name",
  "Email",
  "Phone",
  "Efficiency score",
  "Level",
  "Band score",
  "Recommendation",
  "Not certain answers",
  ...questionIds.flatMap((id) => [questionsById[id].prompt, `${questionsById[id].prompt} (score)`]),
  ...attributionHeader,
];

function assessmentExportRow(row: SubmissionWithCount): CsvCell[] {
  return [
    row.id,
    row.createdAt,
    row.company,
    row.firstName,
    row.lastName,
    row.email,
    row.phone,
    row.efficiencyScore,
    levelFor(row.efficiencyScore).name,
    row.bandScore,
    recommendationFor(row.bandScore, row.uncertainCount).title,
    row.uncertainCount,
    ...answersInWords(answersOf(row)).flatMap((answer) => [answer.answer, answer.score]),
    row.utmSource,
    row.utmMedium,
    row.utmCampaign,
    row.utmTerm,
    row.utmContent,
    row.referrer,
  ];
}

export function assessmentsCsv(filters: AssessmentFilters) {
  return csvStream(
    assessmentExportHeader,
    mapped(
      inBatches((beforeId) => submissionsBatch(filters, beforeId, BATCH_SIZE)),
      assessmentExportRow,
    ),
  );
}

const messageExportHeader = [
  "ID",
  "Received at",
  "Full name",
  "Email",
  "Phone",
  "Message",
  "Email delivery",
  "Delivery attempts",
  "Handled at",
];

export function contactMessagesCsv(filters: MessageFilters) {
  return csvStream(
    messageExportHeader,
    mapped(
      inBatches((beforeId) => contactMessagesBatch(filters, beforeId, BATCH_SIZE)),
      (row): CsvCell[] => [
        row.id,
        row.createdAt,
        row.fullName,
        row.email,
        row.phone,
        row.message,
        row.delivery,
        row.attempts,
        row.handledAt,
      ],
    ),
  );
}

const clickExportHeader = ["ID", "Clicked at", "Button", "Page", "Session"];

export function ctaClicksCsv(period: Period) {
  return csvStream(
    clickExportHeader,
    mapped(
      inBatches((beforeId) => ctaClicksBatch(period, beforeId, BATCH_SIZE)),
      (row): CsvCell[] => [row.id, row.createdAt, row.ctaSource, row.pagePath, row.userSession],
    ),
  );
}

/** Each time in UTC, for programs, and on the firm's clock with its offset, for people. */
function bookingExportHeader(timeZone: string) {
  return [
    "ID",
    "Starts at (UTC)",
    "Ends at (UTC)",
    `Starts at (${timeZone})`,
    `Ends at (${timeZone})`,
    "Status",
    "Cancelled by",
    "Cancelled at (UTC)",
    "Full name",
    "Email",
    "Company",
    "Phone",
    "Topic",
    "Visitor's time zone",
    "Assessment ID",
    "Booked at (UTC)",
  ];
}

export function bookingsCsv(timeZone: string) {
  return csvStream(
    bookingExportHeader(timeZone),
    mapped(
      inBatches((beforeId) => bookingsBatch(beforeId, BATCH_SIZE)),
      (row): CsvCell[] => [
        row.id,
        row.startsAt,
        row.endsAt,
        zonedIsoString(row.startsAt, timeZone),
        zonedIsoString(row.endsAt, timeZone),
        row.status,
        row.cancelledBy,
        row.cancelledAt,
        row.fullName,
        row.email,
        row.company,
        row.phone,
        row.topic,
        row.visitorTimeZone,
        row.assessmentSubmissionId,
        row.createdAt,
      ],
    ),
  );
}

const subscriberExportHeader = [
  "ID",
  "Email",
  "Name",
  "Status",
  "Source",
  "Signed up at (UTC)",
  "Confirmation sent at (UTC)",
  "Confirmed at (UTC)",
  "Unsubscribed at (UTC)",
];

/** Every subscriber, whatever their status: the unsubscribed are the list of whom not to mail. */
export function subscribersCsv() {
  return csvStream(
    subscriberExportHeader,
    mapped(
      inBatches((beforeId) => subscribersBatch(beforeId, BATCH_SIZE)),
      (row): CsvCell[] => [
        row.id,
        row.email,
        row.name,
        row.status,
        row.source,
        row.createdAt,
        row.confirmationSentAt,
        row.confirmedAt,
        row.unsubscribedAt,
      ],
    ),
  );
}

const auditExportHeader = [
  "ID",
  "At",
  "Action",
  "Action code",
  "Staff member",
  "Staff account ID",
  "Target",
  "Subject key",
  "IP address",
  "Details",
];

function auditExportRow(row: AuditRow, timeZone: string): CsvCell[] {
  return [
    row.id,
    zonedIsoString(row.at, timeZone),
    AUDIT_ACTIONS[row.action as keyof typeof AUDIT_ACTIONS] ?? row.action,
    row.action,
    row.actorEmail,
    row.actorUserId,
    row.target,
    row.subjectKey,
    row.ipAddress,
    row.details ? JSON.stringify(row.details) : null,
  ];
}

/** The audit log's entries for the filters, newest first, as the owner's CSV. */
export function auditLogCsv(filters: AuditFilters, timeZone: string) {
  return csvStream(
    auditExportHeader,
    mapped(
      inBatches((beforeId) => auditEntriesBatch(filters, beforeId, BATCH_SIZE)),
      (row) => auditExportRow(row, timeZone),
    ),
  );
}
