// A booked call as the staff's Bookings screen shows it: the call, the prospect, and what the
// prospect sent before (their assessment, their contact messages). Safe in the browser.

export type BookingLead = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: "confirmed" | "cancelled";
  cancelledAt: Date | null;
  cancelledBy: "visitor" | "staff" | null;
  fullName: string;
  email: string;
  company: string;
  phone: string | null;
  topic: string;
  visitorTimeZone: string;
  /** Staff may cancel a confirmed call until it starts. */
  cancellable: boolean;
  assessment: {
    id: number;
    efficiencyScore: number;
    level: string;
    recommendation: string;
  } | null;
  messages: { id: number; createdAt: Date; message: string }[];
};
