// What server.ts asks of the app besides rendering requests: app/entry.server.tsx exports
// `forServer`, checked against this type with `satisfies`, and server.ts reads the build with it.
// Types only: Node erases the import, so the image needs no copy of it; tsconfig.node.json checks it.
import type { RouterContextProvider } from "react-router";

export type AppServerHooks = {
  /** Each request's context: who is calling, and the nonce of its inline scripts. */
  createRequestContext: (facts: { clientIp: string; cspNonce?: string }) => RouterContextProvider;
  /** The site's own address (SITE_URL, or the app's default for it), without a trailing slash. */
  siteUrl: string;
  /** Called once at start with the folder of the built render workers. */
  startRenderPool: (workersFolder: string) => Promise<void>;
  /** Called once the server has stopped taking requests: the app closes what it holds. */
  shutdown: () => Promise<void>;
  /** The page cache's key for a request it may answer, or null (app/page-cache-policy.ts). */
  pageCacheKey: (method: string, url: URL, cookieHeader: string | undefined) => string | null;
  /** True when the database changed under the app (another process, or the LiteFS primary). */
  changedElsewhere: () => boolean;
  /** When the public pages next change without a write (a scheduled post going live). */
  nextScheduledChange: (now: Date) => Date | null;
  /** When a date every page shows next changes (the footer's year). */
  nextCalendarChange: (now: Date) => Date;
  /** Calls the listener with the cache tags of public content that changed; returns an unsubscribe. */
  onPublicContentChange: (listener: (cacheTags: readonly string[]) => void) => () => void;
};
