export { assessmentsCsv, bookingsCsv, contactMessagesCsv, ctaClicksCsv } from "./exports.server";
export { bookingLead, bookingLeads } from "./bookings.server";
