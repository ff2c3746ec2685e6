// What the contact form holds about one address, for a privacy request: the messages it sent, and
// any other message that names it. Erasing keeps each message's row and date, so the lead
// statistics still count it, with its name, address, phone and text gone.
import { asc } from "drizzle-orm";
import { contactMessages } from "~/db/schema";
import type { PersonalDataHolder } from "~/lib/personal-data";
import { ERASED, exportable, redactMentions, sameAddress } from "~/lib/personal-data.server";

export const contactPersonalData: PersonalDataHolder = {
  tables: ["contact_messages"],
  find(db, email) {
    const records = db
      .select()
      .from(contactMessages)
      .where(sameAddress(contactMessages.email, email))
      .orderBy(asc(contactMessages.id))
      .all()
      .map(({ submissionKey: _key, ...message }) => exportable(message));
    return [{ kind: "contact_messages", label: "Contact messages", records }];
  },
  erase(db, email) {
    const erased = db
      .update(contactMessages)
      .set({ fullName: ERASED, email: ERASED, phone: null, message: ERASED, submissionKey: null })
      .where(sameAddress(contactMessages.email, email))
      .returning({ id: contactMessages.id })
      .all().length;
    // What is left naming the address is someone else's message: only the address goes.
    const mentioning = redactMentions(
      db,
      contactMessages,
      contactMessages.id,
      {
        fullName: contactMessages.fullName,
        phone: contactMessages.phone,
        message: contactMessages.message,
      },
      email,
    );
    return { contact_messages: erased, contact_messages_mentioning: mentioning };
  },
};
