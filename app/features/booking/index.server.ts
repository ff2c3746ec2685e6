// Queries a route may call are bound to the process's database here (onDatabase).
import { onDatabase } from "~/lib/db.server";
import * as booking from "./booking.server";
import * as feed from "./feed.server";
import * as queries from "./queries.server";

export const bookCall = onDatabase(booking.bookCall);
export const cancelBooking = onDatabase(booking.cancelBooking);
export const moveBooking = onDatabase(booking.moveBooking);
export const currentOpenTimes = onDatabase(booking.currentOpenTimes);
export const readBookingSettings = onDatabase(queries.readBookingSettings);
export const replaceFeedSecret = onDatabase(queries.replaceFeedSecret);
export const findBookingByUid = onDatabase(queries.findBookingByUid);
export const calendarFeed = onDatabase(feed.calendarFeed);
export { queueDueReminders } from "./reminders.server";
export { bookingUid, checkManageToken, manageUrl } from "./manage-link.server";
export type { Booking, BookingSettings } from "./queries.server";
export type { BookingOutcome, BookingRequest, ChangeOutcome } from "./booking.server";
