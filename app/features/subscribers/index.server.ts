// Queries a route may call are bound to the process's database here (onDatabase): routes never
// hold it, and inside the feature the same functions still take any database, a test's included.
import { onDatabase } from "~/lib/db.server";
import * as newsletter from "./newsletter.server";
import * as queries from "./queries.server";
import * as subscriptions from "./subscriptions.server";
import * as imports from "./imports.server";

export const requestSubscription = onDatabase(subscriptions.requestSubscription);
export const confirmationState = onDatabase(subscriptions.confirmationState);
export const confirmSubscription = onDatabase(subscriptions.confirmSubscription);
export const unsubscribe = onDatabase(subscriptions.unsubscribe);
export { unsubscribeLinkIsValid } from "./subscriptions.server";
export const subscriberCounts = onDatabase(queries.subscriberCounts);
export const subscribersPage = onDatabase(queries.subscribersPage);
export const subscribersBatch = onDatabase(queries.subscribersBatch);
export const findSubscriber = onDatabase(queries.findSubscriber);
export const removeSubscriber = onDatabase(subscriptions.removeSubscriber);
export const importSubscribers = onDatabase(imports.importSubscribers);
export type { ImportSummary } from "./imports.server";
export { POST_EMAILING_ACTIONS } from "./post-emailing-actions.server";
export const newsletterRounds = onDatabase(newsletter.newsletterRounds);
export { startNewsletterJobs, wakeNewsletterJobs } from "./newsletter.server";
export { subscribersPersonalData } from "./personal-data.server";
