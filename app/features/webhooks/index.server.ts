// Queries a route may call are bound to the process's database here (onDatabase): routes never
// hold it, and inside the feature the same queries still take any Queryable, a transaction included.
import { onDatabase } from "~/lib/db.server";
import * as endpoints from "./endpoints.server";

export { leadRecipients, queueLeadEvent } from "./endpoints.server";
export const addEndpoint = onDatabase(endpoints.addEndpoint);
export const findEndpoint = onDatabase(endpoints.findEndpoint);
export const listEndpoints = onDatabase(endpoints.listEndpoints);
export const queueTestEvent = onDatabase(endpoints.queueTestEvent);
export const removeEndpoint = onDatabase(endpoints.removeEndpoint);
export const replaceSecret = onDatabase(endpoints.replaceSecret);
export const updateEndpoint = onDatabase(endpoints.updateEndpoint);
export const webhookTargetOf = onDatabase(endpoints.webhookTargetOf);
