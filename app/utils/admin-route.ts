// What every admin page declares the same way: notices shown above the content, never cached,
// never indexed.
import type { HeadersFunction, MetaFunction } from "react-router";
import type { RouteHandle } from "~/root";
import { noStore } from "./headers";
import { pageMeta } from "./meta";

export const adminHandle: RouteHandle = { inlineToast: true };

export const adminHeaders: HeadersFunction = () => noStore;

export function adminMeta(title: string, description: string): MetaFunction {
  return (args) => pageMeta(args, { title, description, indexable: false });
}
