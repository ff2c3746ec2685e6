// What every feature that holds personal data answers for its own tables, through its door, so a
// privacy request (app/features/privacy) can ask each in turn without reading their tables. A
// test fails when a table is neither named by some feature's answer nor declared to hold none.
import type { Queryable } from "./db-client.server";

/** The records of one kind held about an address, as they are exported: plain JSON values. */
export type PersonalRecords = {
  /** Stable, for the export's shape: "contact_messages", "bookings", ... */
  kind: string;
  /** For the admin page: "Contact messages", "Booked calls", ... */
  label: string;
  records: Record<string, unknown>[];
  /** Why these records stay after an erasure (a staff account, keyed hashes); absent if they go. */
  kept?: string;
};

export type PersonalDataHolder = {
  /** The tables whose rows this answer covers, by their SQL names. */
  tables: readonly string[];
  /** Everything held about the address (matched without regard to case). */
  find: (db: Queryable, email: string) => PersonalRecords[];
  /**
   * Deletes or anonymises every row holding the address, inside the caller's transaction; how
   * many rows of each kind it changed, for the audit log and the page.
   */
  erase: (db: Queryable, email: string, now: Date) => Record<string, number>;
};
