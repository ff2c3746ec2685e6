// The exports read a table a batch at a time, newest first by id: each batch starts below the
// last id of the one before (a keyset on the primary key), so no query stays open between them.
import { and, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * The WHERE of the batch after `beforeId`: rows that match `filters` with a smaller id. The
 * filters are wrapped in a unary `+`, SQLite's documented way to keep a condition from choosing
 * an index: a date range would otherwise steer it to the date index, and each batch would sort
 * the whole rest of the range by id again (quadratic in the export's size). Walking the primary
 * key reads each row once.
 */
export function batchBefore(id: AnyColumn, beforeId: number | null, filters: SQL | undefined) {
  return and(filters && sql`+(${filters})`, beforeId === null ? undefined : lt(id, beforeId));
}
