// negotiator 1.x ships no types, and @types/negotiator describes 0.6, which had no `preferred`.
// Shared by both programs: the app's tests import server/page-cache.ts, which uses it.
declare module "negotiator" {
  import type { IncomingHttpHeaders } from "node:http";

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The client's most wanted of `available`; ties go to the first of `preferred`. */
    encoding(
      available: readonly string[],
      options?: { preferred?: readonly string[] },
    ): string | undefined;
  }
}
