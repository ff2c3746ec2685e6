// The shapes a privacy request answers in: the export's document (decision 069 describes it) and
// the page's report of an erasure. Safe in the browser: the page reads them.

/** Names the export's shape and its version; a change that breaks a reader raises the number. */
export const PRIVACY_EXPORT_FORMAT = "keelstone/privacy-export/1";

export type PrivacyExport = {
  format: typeof PRIVACY_EXPORT_FORMAT;
  /** The address asked about, lower-cased. */
  email: string;
  exportedAt: string;
  /** The site that holds the data. */
  site: string;
  /** Every kind, even when empty, so a reader sees what was looked at. */
  records: Record<string, Record<string, unknown>[]>;
};

export type ErasureReport = {
  /** Rows changed per kind: deleted or anonymised, and others' rows that only named the address. */
  counts: Record<string, number>;
  /** What stays, and why (a staff account, keyed hashes). */
  kept: { label: string; count: number; why: string }[];
};
