// What every admin page declares the same way: notices shown above the content, never cached,
// never indexed.
import type { HeadersFunction, MetaFunction } from "react-router";
import { noStore } from "./headers";
import { pageMeta } from "./meta";

/** What a route may declare in its `handle` for the root layout to read. */
export type RouteHandle = { inlineToast?: boolean } | undefined;

export const adminHandle: RouteHandle = { inlineToast: true };

export const adminHeaders: HeadersFunction = () => noStore;

export function adminMeta(title: string, description: string): MetaFunction {
  return (args) => pageMeta(args, { title, description, indexable: false });
}
