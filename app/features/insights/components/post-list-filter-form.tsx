// Searching the admin's posts by title and narrowing them to one status; the order chosen is
// kept, and Clear drops both filters.
import { ListSearchForm } from "~/components/ui/list-search-form";
import { FilterSelect } from "~/components/ui/filter-select";
import { type DateOrder, withDateOrder } from "~/lib/url-filters";
import {
  MAX_SEARCH_LENGTH,
  POST_STATUS_LABELS,
  POST_STATUSES,
  type PostListFilters,
} from "../post-list-filters";

export function PostListFilterForm({
  path,
  filters,
  order,
}: {
  path: string;
  filters: PostListFilters;
  order: DateOrder;
}) {
  return (
    <ListSearchForm
      action={path}
      label="Find posts"
      searchLabel="Title contains"
      search={filters.search}
      maxLength={MAX_SEARCH_LENGTH}
      kept={withDateOrder(new URLSearchParams(), order)}
      clearTo={filters.search || filters.status ? path : undefined}
    >
      <FilterSelect
        label="Status"
        name="status"
        value={filters.status}
        anyLabel="Any status"
        options={POST_STATUSES.map((status) => ({
          value: status,
          label: POST_STATUS_LABELS[status],
        }))}
        className="min-w-0 basis-40 text-sm font-medium text-navy"
      />
    </ListSearchForm>
  );
}
