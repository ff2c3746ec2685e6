// How every holder of personal data recognises an address and wipes it out of free text: the same
// matching for all, so an erasure leaves no column holding the address however it was typed.
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Queryable } from "./db-client.server";

/** What stands where an erased name, address or text was. */
export const ERASED = "[erased]";

/** The address as every table matches it: trimmed and lower-cased. */
export const normalisedAddress = (email: string) => email.trim().toLowerCase();

/** A column that holds exactly the address, in any case. */
export const sameAddress = (column: SQLiteColumn, email: string) =>
  sql`lower(${column}) = ${normalisedAddress(email)}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The address inside text, in any case, but not as the tail or head of a longer address:
 * erasing ana@example.com leaves dana@example.com and ana@example.com.au alone. A web address's
 * delimiters (`/`, `?`, `=`, `&`, `#`) may stand in an address's local part too, but before an
 * address they almost always end a path or a query (`?email=ana@example.com` in a referrer), so an
 * address after them is erased: erasing too much beats leaving the person in another row.
 */
function addressPattern(email: string) {
  return new RegExp(
    `(?<![A-Za-z0-9.!$%'*+^_\`{|}~-])${escapeRegExp(normalisedAddress(email))}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`,
    "gi",
  );
}

export function mentionsAddress(text: string | null | undefined, email: string) {
  return text != null && addressPattern(email).test(text);
}

function redactAddress(text: string, email: string) {
  return text.replace(addressPattern(email), ERASED);
}

/** Rows some of whose columns contain the address's text: candidates, checked again in code. */
export function containsAddress(columns: readonly SQLiteColumn[], email: string): SQL {
  const needle = normalisedAddress(email);
  return or(...columns.map((column) => sql`instr(lower(${column}), ${needle}) > 0`))!;
}

/**
 * Puts ERASED in place of the address wherever it appears in these text columns (JSON ones
 * included, edited as their text), in the rows `where` allows; how many rows it changed. For the
 * rows that only mention the address, such as another person's message naming it.
 */
export function redactMentions(
  db: Queryable,
  table: SQLiteTable,
  key: SQLiteColumn,
  columns: Record<string, SQLiteColumn>,
  email: string,
  where?: SQL,
): number {
  const names = Object.keys(columns);
  const rows = db
    .select({
      key: sql<unknown>`${key}`,
      ...Object.fromEntries(names.map((name) => [name, sql<string | null>`${columns[name]!}`])),
    })
    .from(table)
    .where(and(containsAddress(Object.values(columns), email), where))
    .all() as Record<string, unknown>[];
  let changed = 0;
  for (const row of rows) {
    const edits: Record<string, SQL> = {};
    for (const name of names) {
      const value = row[name];
      if (typeof value === "string" && mentionsAddress(value, email)) {
        edits[name] = sql`${redactAddress(value, email)}`;
      }
    }
    if (Object.keys(edits).length === 0) continue;
    db.update(table)
      .set(edits as never)
      .where(eq(key, row.key))
      .run();
    changed += 1;
  }
  return changed;
}

/** A row as the export shows it: plain JSON values, times as ISO 8601. */
export function exportable(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => [
      name,
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}
