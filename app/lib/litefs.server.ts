// Which machine of a LiteFS cluster may write. LiteFS mounts the database folder and, on a replica
// only, keeps a `.primary` file in it naming the primary's host; the primary (and a single machine
// without LiteFS) has no such file. The app asks at start (migrations), before delivering mail and
// in /healthz; server/litefs.ts asks per request. Node also runs this module as it is, for
// server.ts. See docs/decisions/013-scale-out-with-litefs.md.
import fs from "node:fs";
import path from "node:path";

/**
 * The host name of the primary when this machine is a replica, or null when it may write itself
 * (it is the primary, or `litefsDir` is unset because there is no cluster).
 */
export function currentPrimary(litefsDir: string | undefined): string | null {
  if (!litefsDir) return null;
  try {
    const host = fs.readFileSync(path.join(litefsDir, ".primary"), "utf8").trim();
    return host || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
