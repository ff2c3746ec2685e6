// Queries a route may call are bound to the process's database here (onDatabase).
import { onDatabase } from "~/lib/db.server";
import * as booking from "./booking.server";
import * as calendars from "./calendar-import.server";
import * as queries from "./queries.server";

export const bookCall = onDatabase(booking.bookCall);
export const cancelBooking = onDatabase(booking.cancelBooking);
export const moveBooking = onDatabase(booking.moveBooking);
export const currentOpenTimes = onDatabase(booking.currentOpenTimes);
export const readBookingSettings = onDatabase(queries.readBookingSettings);
export const saveBookingRules = onDatabase(queries.saveBookingRules);
export const daysOff = onDatabase(queries.daysOff);
export const addDayOff = onDatabase(queries.addDayOff);
export const removeDayOff = onDatabase(queries.removeDayOff);
export const replaceFeedSecret = onDatabase(queries.replaceFeedSecret);
export const findBookingByUid = onDatabase(queries.findBookingByUid);
export const addCalendarSource = onDatabase(calendars.addCalendarSource);
export const listCalendarSources = onDatabase(calendars.listCalendarSources);
export const refreshCalendarSource = onDatabase(calendars.refreshCalendarSource);
export const removeCalendarSource = onDatabase(calendars.removeCalendarSource);
export { startBookingJobs } from "./jobs.server";
export const findBooking = onDatabase(queries.findBooking);
export const upcomingBookings = onDatabase(queries.upcomingBookings);
export const pastBookings = onDatabase(queries.pastBookings);
export const bookingsBatch = onDatabase(queries.bookingsBatch);
export { bookingUid, checkManageToken, manageUrl } from "./manage-link.server";
export type { Booking, BookingSettings } from "./queries.server";
export type { BookingOutcome, BookingRequest, ChangeOutcome } from "./booking.server";
