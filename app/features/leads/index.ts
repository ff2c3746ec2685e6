export { BarChart, DailyChart } from "./components/charts";
export { DateRangeForm, LeadsPage } from "./components/leads-page";
export { EmailLink, PhoneLink } from "./components/contact-links";
export {
  BookingTable,
  CANCEL_BOOKING_INTENT,
  CANCEL_BOOKING_QUERY,
  CancelBookingConfirmation,
  callName,
} from "./components/booking-table";
export type { BookingLead } from "./booking-lead";
