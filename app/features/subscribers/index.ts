// The subscribers feature's browser-safe door: the visitor's form and pages, the staff's list, its
// filters and the import form, and the blog admin's controls of each post's emails.
export {
  SUBSCRIBER_STATUS_LABELS,
  subscriberFilterParams,
  subscriberFiltersFrom,
  type SubscriberFilters,
} from "./list-filters";
export { IMPORT_INTENT, importFormSchema } from "./import-form";
export {
  REMOVE_SUBSCRIBER_INTENT,
  REMOVE_SUBSCRIBER_QUERY,
  RemoveSubscriberConfirmation,
  SubscriberTable,
} from "./components/subscriber-table";
export { SubscriberFilterForm } from "./components/subscriber-filter-form";
export { ImportForm, ImportResult } from "./components/import-form";
export { SubscribeBand, SubscribeForm } from "./components/subscribe-form";
export {
  ConfirmationPage,
  SubscribeSentPage,
  UnsubscribePage,
  type ConfirmationPageState,
  type UnsubscribePageState,
} from "./components/subscription-pages";
export type { SubscribeReply } from "./form";
export { subscribeSchema } from "./schema";
export { PostEmailing, SendAgainConfirmation } from "./components/post-emailing";
