export { BookingForm, type BookingReply } from "./components/booking-form";
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
