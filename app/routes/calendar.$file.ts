// /calendar/<secret>.ics: the private feed of booked calls that staff subscribe to in their
// calendar app. Only the current secret opens it; any other address is not found. Never stored by
// a cache, shared or the browser's: it lists prospects, and a replaced secret ends it at once.
import type { Route } from "./+types/calendar.$file";
import { calendarFeed } from "~/features/booking/index.server";
import { privateNoStore } from "~/lib/headers";

const FEED_FILE = /^(.+)\.ics$/;

export function loader({ params }: Route.LoaderArgs) {
  const secret = FEED_FILE.exec(params.file)?.[1];
  const feed = secret === undefined ? undefined : calendarFeed(secret);
  if (feed === undefined) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...privateNoStore },
    });
  }
  return new Response(feed, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", ...privateNoStore },
  });
}
