// The call a manage link names: found by the key its signature covers, so a link that was not
// signed here, or was changed, finds nothing.
import type { Queryable } from "~/lib/db-client.server";
import { siteConfig } from "~/lib/site-config.server";
import { bookingUid, checkManageToken } from "./manage-link.server";
import { findBookingByUid } from "./queries.server";

export function bookingOfManageToken(db: Queryable, token: string) {
  const key = checkManageToken(token);
  return key ? findBookingByUid(db, bookingUid(key, siteConfig.origin)) : undefined;
}
