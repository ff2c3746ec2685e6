// Liveness and readiness in one: 200 when the database answers and can take writes, 503 when it
// cannot, so Fly.io stops sending visitors to a machine whose disk is full or read-only.
import { db } from "~/lib/db.server";
import { databaseWriteProblem, isDatabaseHealthy } from "~/lib/db-client.server";
import { env } from "~/lib/env.server";
import { logEvent } from "~/lib/log.server";
import { currentPrimary } from "../../server/litefs.ts";

export function loader() {
  const problem = !isDatabaseHealthy(db) ? "Database unavailable" : writeProblem();
  return new Response(problem ?? "OK", {
    status: problem ? 503 : 200,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function writeProblem() {
  // A LiteFS replica's copy is read-only by design and its writes go to the primary: healthy.
  if (currentPrimary(env.LITEFS_DIR)) return null;
  const problem = databaseWriteProblem(env.DATABASE_PATH);
  if (!problem) return null;
  logEvent("error", "database_not_writable", { problem });
  return "Database not writable";
}
