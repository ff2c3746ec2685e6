// The booking form as the page draws it: its code (conform, the form's state) is fetched after the
// page's first scripts, as the contact form's is (docs/decisions/057).
import { drawnLater } from "~/components/drawn-later";

export const BookingFormLater = drawnLater(() =>
  import("./booking-form").then((module) => module.BookingForm),
);
