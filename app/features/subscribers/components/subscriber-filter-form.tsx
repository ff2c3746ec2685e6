// Finding subscribers by address or name: the status chosen above the form and the order are
// kept, and Clear drops the words but keeps the status.
import { ListSearchForm } from "~/components/ui/list-search-form";
import { type DateOrder, withDateOrder } from "~/lib/url-filters";
import { MAX_SEARCH_LENGTH, type SubscriberFilters } from "../list-filters";

export function SubscriberFilterForm({
  filters,
  order,
}: {
  filters: SubscriberFilters;
  order: DateOrder;
}) {
  const path = "/admin/subscribers";
  const kept = withDateOrder(new URLSearchParams(), order);
  if (filters.status) kept.set("status", filters.status);
  const listOfStatus = filters.status ? `${path}?status=${filters.status}` : path;
  return (
    <ListSearchForm
      action={path}
      label="Find subscribers"
      searchLabel="Email or name contains"
      search={filters.search}
      maxLength={MAX_SEARCH_LENGTH}
      kept={kept}
      clearTo={filters.search ? listOfStatus : undefined}
    />
  );
}
