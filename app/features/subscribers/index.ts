// The subscribers feature's browser-safe door: the staff's list, its filters and the import form.
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
