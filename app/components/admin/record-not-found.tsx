// What a record's screen shows when its address names no record: said plainly, inside the admin's
// frame, with the way back. Any other error goes on to the frame's own boundary.
import { isRouteErrorResponse } from "react-router";

/** Lets a 404 through to the screen's boundary and throws anything else on. */
export function rethrowUnlessNotFound(error: unknown) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
}
