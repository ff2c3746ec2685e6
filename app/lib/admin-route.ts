// What every admin page declares the same way: never cached, never indexed; and how the admin's
// layout tells the root layout to leave out the public site's header and footer.
import type { HeadersFunction, MetaFunction } from "react-router";
import { noStore } from "./headers";
import { pageMeta } from "./meta";

/** What a route may declare in its `handle` for the root layout to read. */
export type RouteHandle =
  | {
      ownLayout?: boolean;
      /**
       * What an admin screen says when it cannot be shown (its loader failed: a failing disk, or
       * a bug): its title and the notice. The admin frame's error page draws them.
       */
      unavailable?: { title: string; notice: string };
    }
  | undefined;

/**
 * Never stored; a refusal's `Retry-After` (a 429 from the action) still reaches the browser, which
 * a headers function would otherwise drop.
 */
export const adminHeaders: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const headers = new Headers(noStore);
  const retryAfter = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export function adminMeta(title: string, description: string): MetaFunction {
  return (args) => pageMeta(args, { title, description, indexable: false });
}
