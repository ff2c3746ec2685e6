// The booking feature's browser door: the staff's calendars, rules and days off screens.
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
