// Queries a route may call are bound to the process's database here (onDatabase): routes never
// hold it, and inside the feature the same queries still take any Queryable, a transaction included.
import { onDatabase } from "~/lib/db.server";
import * as queries from "./queries.server";

export const contactMessagesBatch = onDatabase(queries.contactMessagesBatch);
export const handledCounts = onDatabase(queries.handledCounts);
export const contactMessagesFrom = onDatabase(queries.contactMessagesFrom);
export const contactMessagesPage = onDatabase(queries.contactMessagesPage);
export const markContactMessageHandled = onDatabase(queries.markContactMessageHandled);
export { submitContactMessage } from "./send.server";
// The retention sweep deletes in its own transaction, so it takes these with the database.
export { contactMessageIdsBefore, deleteContactMessages } from "./queries.server";
export { contactPersonalData } from "./personal-data.server";
