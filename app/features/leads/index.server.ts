export {
  assessmentsCsv,
  bookingsCsv,
  contactMessagesCsv,
  ctaClicksCsv,
  subscribersCsv,
} from "./exports.server";
export { bookingLead, bookingLeads } from "./bookings.server";
