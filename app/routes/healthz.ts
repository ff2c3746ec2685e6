// Liveness and readiness in one: 200 when the database answers, 503 when it does not.
import { db } from "~/db/db.server";
import { isDatabaseHealthy } from "~/db/client.server";

export function loader() {
  const healthy = isDatabaseHealthy(db);
  return new Response(healthy ? "OK" : "Database unavailable", {
    status: healthy ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
