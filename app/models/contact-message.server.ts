// Data access for contact messages.
import type { AppDatabase } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import type { ContactMessageInput } from "~/services/contact-message";

type Queryable = Pick<AppDatabase, "insert">;

export function insertContactMessage(db: Queryable, input: ContactMessageInput) {
  const [row] = db
    .insert(contactMessages)
    .values({
      fullName: input.fullName,
      email: input.email,
      phone: input.phone || null,
      message: input.message,
    })
    .returning()
    .all();
  if (!row) throw new Error("The contact message insert returned no row");
  return row;
}
