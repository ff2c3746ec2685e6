// The booking form's limits and messages: what the page needs to draw the form, free of the
// validation library (the server alone checks this form; schema.server.ts builds its schema from these).

export const bookingLimits = {
  fullName: 120,
  email: 254,
  company: 160,
  phone: 40,
  topic: 2000,
} as const;

export const missingBookingMessages = {
  fullName: "Please enter your full name.",
  email: "Please enter your email address.",
  company: "Please enter your company.",
  topic: "Please tell us what you would like to talk about.",
} as const;

/** The hidden field naming the zone the visitor reads times in, which their emails use. */
export const TIME_ZONE_FIELD = "timeZone";
