export { auditCsv, leadsCsvExport } from "./lead-exports.server";
export { bookingLead, bookingLeads } from "./bookings.server";
