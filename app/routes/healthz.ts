// Liveness and readiness in one: 200 when the database answers and can take writes, 503 when it
// cannot, so Fly.io stops sending visitors to a machine whose disk is full or read-only.
import { databaseProblem } from "~/lib/db.server";
import { noStore } from "~/lib/headers";

export function loader() {
  const problem = databaseProblem();
  return new Response(problem ?? "OK", {
    status: problem ? 503 : 200,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...noStore },
  });
}
