export { BookingRulesForm, DayOffForm, RemoveDayOffButton } from "./components/booking-settings";
export { bookingRulesFormValues, bookingSettingsSchemaFor } from "./rules-form";
