// What the booking pages hold about one address, for a privacy request: the calls it booked. The
// firm's rules, days off and calendars hold none. Erasing keeps each call's row and times, so
// the statistics still count it, without who booked it; a call still to come is cancelled (by the
// firm, without an email: there is no one left to send it to), which frees its time and takes it
// off the calendar feed.
import { and, asc, eq, gt } from "drizzle-orm";
import { bookings } from "~/db/schema";
import type { PersonalDataHolder } from "~/lib/personal-data";
import { ERASED, exportable, redactMentions, sameAddress } from "~/lib/personal-data.server";

export const bookingPersonalData: PersonalDataHolder = {
  tables: ["bookings"],
  find(db, email) {
    const records = db
      .select()
      .from(bookings)
      .where(sameAddress(bookings.email, email))
      .orderBy(asc(bookings.startsAt))
      .all()
      .map(exportable);
    return [{ kind: "bookings", label: "Booked calls", records }];
  },
  erase(db, email, now) {
    const own = sameAddress(bookings.email, email);
    const cancelled = db
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: "staff" })
      .where(and(own, eq(bookings.status, "confirmed"), gt(bookings.startsAt, now)))
      .returning({ id: bookings.id })
      .all().length;
    const erased = db
      .update(bookings)
      .set({ fullName: ERASED, email: ERASED, company: ERASED, phone: null, topic: "" })
      .where(own)
      .returning({ id: bookings.id })
      .all().length;
    // What is left naming the address is someone else's call: only the address goes.
    const mentioning = redactMentions(
      db,
      bookings,
      bookings.id,
      {
        fullName: bookings.fullName,
        company: bookings.company,
        phone: bookings.phone,
        topic: bookings.topic,
      },
      email,
    );
    return { bookings: erased, bookings_cancelled: cancelled, bookings_mentioning: mentioning };
  },
};
