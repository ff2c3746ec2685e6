// Staff import subscribers from a CSV file (email, and a name if known), which the people in it
// agreed to. Every new or waiting address gets the opt-in email, as one bulk mailing whose merge
// field is each recipient's own link; confirmed addresses stay as they are, and an address that
// unsubscribed, or whose subscriber was erased at their request, is never touched: only its owner
// can subscribe it again, through the opt-in.
import { parse, type CsvError } from "csv-parse/sync";
import { z } from "zod";
import { recordAudit, type AuditSource } from "~/lib/audit.server";
import type { AppDatabase } from "~/lib/db-client.server";
import { requiredEmail } from "~/lib/form-fields";
import { logEvent } from "~/lib/log.server";
import { absoluteUrl } from "~/lib/meta";
import { siteConfig } from "~/lib/site-config.server";
import { enqueueMailing, type MailingRecipient } from "~/features/outbox/index.server";
import { CONFIRMATION_URL_FIELD, importedConfirmationMailing } from "./emails/subscriber-emails";
import { IMPORT_MAX_ROWS } from "./import-form";
import { confirmationPath, hashToken, newConfirmationToken } from "./links.server";
import {
  emailKeyOf,
  insertImportedSubscribers,
  renewPendingLink,
  subscribersByEmailKey,
  type ImportedAddress,
} from "./queries.server";
import { suppressedAmong } from "./suppressions.server";

/** A row left out, by its line in the file (a header is line 1), and why. */
type InvalidRow = { line: number; reason: string };

export type ImportSummary = {
  invited: number;
  alreadySubscribed: number;
  suppressed: number;
  invalid: InvalidRow[];
};

/** What an import did, or why the whole file was refused (nothing was written then). */
type ImportOutcome = { status: "imported"; summary: ImportSummary } | { refused: string };

const NAME_MAX_LENGTH = 100;

const rowSchema = z.object({
  email: requiredEmail("There is no email address.", 254),
  name: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, `The name is longer than ${NAME_MAX_LENGTH} characters.`)
    .regex(/^[^\p{Cc}]*$/u, "The name contains characters that are not allowed.")
    .transform((name) => name || null),
});

type Row = { line: number; email: string; name: string | null };

// Spreadsheets in much of Europe save CSV split on ";", and some programs on tabs: the header's
// own separator tells which the file uses.
function separatorOf(text: string) {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return [",", ";", "\t"].find((separator) => header.includes(separator)) ?? ",";
}

/** A record with the line it ends on (its line, unless a quoted value spans several). */
type ParsedRecord = { record: string[]; info: { lines: number } };

/** The file's rows, checked: those to import, and those left out with why. */
function readRows(text: string): { rows: Row[]; invalid: InvalidRow[] } | { refused: string } {
  const invalid: InvalidRow[] = [];
  // A row that is not CSV (a stray quote) is skipped and reported, never the file refused for it;
  // csv-parse's types leave out what `info: true` makes of each record.
  const records = parse(text, {
    bom: true,
    delimiter: separatorOf(text.replace(/^\uFEFF/, "")),
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      const line = Number(error?.lines);
      // One row can fail twice (a stray quote, then no closing one): it is reported once.
      if (invalid.at(-1)?.line !== line) {
        invalid.push({ line, reason: "The row is not valid CSV (check its quotes)." });
      }
    },
  }) as unknown as ParsedRecord[];
  const [header, ...body] = records;
  const columns = header?.record.map((name) => name.trim().toLowerCase()) ?? [];
  const emailColumn = columns.indexOf("email");
  const nameColumn = columns.indexOf("name");
  if (emailColumn === -1) {
    return {
      refused:
        'The first row must name the columns: one called "email", and "name" if you have names.',
    };
  }
  if (body.length === 0) return { refused: "The file has no rows under its header." };
  if (body.length > IMPORT_MAX_ROWS) {
    return {
      refused: `The file has ${body.length.toLocaleString("en-US")} rows; one import takes at most ${IMPORT_MAX_ROWS.toLocaleString("en-US")}. Please split it into several files.`,
    };
  }
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    const checked = rowSchema.safeParse({
      email: record[emailColumn] ?? "",
      name: nameColumn === -1 ? "" : (record[nameColumn] ?? ""),
    });
    if (!checked.success) {
      invalid.push({ line, reason: checked.error.issues[0]?.message ?? "The row is not valid." });
      continue;
    }
    const key = emailKeyOf(checked.data.email);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      invalid.push({ line, reason: `The same address as line ${earlier}.` });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, ...checked.data });
  }
  invalid.sort((a, b) => a.line - b.line);
  return { rows, invalid };
}

/**
 * Imports the file's subscribers and queues their opt-in email, all in one transaction: either
 * every address of the file is stored with its link and its email, or nothing is. The audit log
 * records the import by its counts, never its addresses.
 */
export async function importSubscribers(
  db: AppDatabase,
  by: AuditSource,
  text: string,
  now = new Date(),
): Promise<ImportOutcome> {
  const read = readRows(text);
  if ("refused" in read) return read;
  // Rendered once for the whole file, and before the transaction, which cannot wait for it.
  const mailing = await importedConfirmationMailing(siteConfig.brand);
  const summary = db.transaction(
    (tx) => {
      const existing = subscribersByEmailKey(
        tx,
        read.rows.map((row) => emailKeyOf(row.email)),
      );
      const erased = suppressedAmong(
        tx,
        read.rows.map((row) => row.email),
      );
      const added: ImportedAddress[] = [];
      const recipients: MailingRecipient[] = [];
      let alreadySubscribed = 0;
      let suppressed = 0;
      for (const row of read.rows) {
        const subscriber = existing.get(emailKeyOf(row.email));
        if (subscriber?.status === "confirmed") alreadySubscribed += 1;
        else if (subscriber?.status === "unsubscribed" || erased.has(row.email)) suppressed += 1;
        else {
          const token = newConfirmationToken();
          if (subscriber) renewPendingLink(tx, subscriber.id, row.name, hashToken(token), now);
          else added.push({ email: row.email, name: row.name, tokenHash: hashToken(token) });
          recipients.push({
            to: subscriber?.email ?? row.email,
            mergeFields: {
              [CONFIRMATION_URL_FIELD]: absoluteUrl(siteConfig.origin, confirmationPath(token)),
            },
          });
        }
      }
      insertImportedSubscribers(tx, added, now);
      if (recipients.length > 0) enqueueMailing(tx, mailing, recipients);
      const counts = {
        invited: recipients.length,
        alreadySubscribed,
        suppressed,
        invalid: read.invalid,
      };
      recordAudit(tx, {
        action: "subscribers.imported",
        ...by,
        target: "subscribers:import",
        details: { ...counts, invalid: counts.invalid.length },
        at: now,
      });
      return counts;
    },
    { behavior: "immediate" },
  );
  logEvent("info", "subscribers_imported", {
    invited: summary.invited,
    alreadySubscribed: summary.alreadySubscribed,
    suppressed: summary.suppressed,
    invalid: summary.invalid.length,
  });
  return { status: "imported", summary };
}
