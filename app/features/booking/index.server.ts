// Queries a route may call are bound to the process's database here (onDatabase).
import { onDatabase } from "~/lib/db.server";
import * as booking from "./booking.server";
import * as queries from "./queries.server";
import * as visitorBooking from "./visitor-booking.server";

export const bookCall = onDatabase(booking.bookCall);
export const cancelBooking = onDatabase(booking.cancelBooking);
export const moveBooking = onDatabase(booking.moveBooking);
export const currentOpenTimes = onDatabase(booking.currentOpenTimes);
export const readBookingSettings = onDatabase(queries.readBookingSettings);
export const replaceFeedSecret = onDatabase(queries.replaceFeedSecret);
export const findBookingByUid = onDatabase(queries.findBookingByUid);
export const bookingOfManageToken = onDatabase(visitorBooking.bookingOfManageToken);
export { bookingUid, checkManageToken, managePath, manageUrl } from "./manage-link.server";
export { nearestOpenTimes } from "./open-times.server";
export { bookingRequestSchema } from "./schema.server";
export { instantOfStartParam } from "./start-address";
export { callTimeView, timesByDay, timeView } from "./time-views";
export { listedTimeZones, zoneChoiceOf } from "./time-zones.server";
export type { Booking, BookingSettings } from "./queries.server";
export type { BookingOutcome, BookingRequest, ChangeOutcome } from "./booking.server";
