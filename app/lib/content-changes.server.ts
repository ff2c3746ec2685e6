// How the page cache learns that stored pages went stale. A write made by this process names the
// pages it affects (their cache tags, see app/lib/headers.ts); a write made elsewhere (a script on
// the same file, or the LiteFS primary whose changes a replica receives) shows only as SQLite's
// data_version moving, and then any stored page may be stale.
import { db } from "./db.server";

type Listener = (cacheTags: readonly string[]) => void;

const listeners = new Set<Listener>();

export function onPublicContentChange(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Call once the write is committed, with the tags of every page that showed or now shows it. */
export function announcePublicContentChange(cacheTags: readonly string[]) {
  for (const listener of listeners) listener(cacheTags);
}

/**
 * The privacy policy's tag: the page states the retention periods and names who receives leads
 * (the mail server, the webhook endpoints), so a change to either drops it.
 */
export const PRIVACY_POLICY_CACHE_TAG = "privacy-policy";

// data_version changes when another connection commits, never for this connection's own writes:
// leads and sessions written here cost the cache nothing.
const dataVersion = db.$client.prepare("pragma data_version").pluck();
let lastSeenVersion: unknown = dataVersion.get();

/**
 * True when another connection has committed to the database since the last call. Cheap enough to
 * ask before every cached answer (no disk read in WAL mode). When SQLite cannot answer (a failing
 * disk), it says true: the page is then rendered, and fails the way pages do.
 */
export function changedElsewhere(): boolean {
  try {
    const version = dataVersion.get();
    if (version === lastSeenVersion) return false;
    lastSeenVersion = version;
    return true;
  } catch {
    return true;
  }
}
