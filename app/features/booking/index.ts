// The booking feature's browser door: the visitor's pages, and the staff's calendars, rules and days off screens.
export {
  ADD_CALENDAR_INTENT,
  CALENDARS_PATH,
  CALENDAR_INTENTS,
  REMOVE_CALENDAR_QUERY,
  REPLACE_FEED_INTENT,
  REPLACE_FEED_QUERY,
} from "./calendar-fields";
export { calendarSchema } from "./calendar-form";
export { AddCalendarForm } from "./components/add-calendar-form";
export { CalendarSources, RemoveCalendarConfirmation } from "./components/calendar-sources";
export { PrivateFeed, ReplaceFeedConfirmation } from "./components/private-feed";
export { BookingRulesForm, DayOffForm, RemoveDayOffButton } from "./components/booking-settings";
export { bookingRulesFormValues, bookingSettingsSchemaFor } from "./rules-form";
export type { BookingReply } from "./components/booking-form";
export { BookingFormLater } from "./components/booking-form-later";
export { CallTime } from "./components/call-time";
export {
  ManageCall,
  type ManagePage,
  type ManageReply,
  type ManageStep,
} from "./components/manage-call";
export { BookingNotFound } from "./components/not-found";
export { BookingTimeGone } from "./components/time-gone";
export { OpenTimes } from "./components/open-times";
export { ZonePicker } from "./components/zone-picker";
export { bookingListHref, bookingTimeHref } from "./start-address";
