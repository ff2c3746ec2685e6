// Searching the admin's posts by title and narrowing them to one status; the order chosen is
// kept, and Clear drops both filters.
import { ListSearchForm } from "~/components/ui/list-search-form";
import { inputClass } from "~/components/ui/form-field";
import { useValueFromAddress } from "~/lib/use-value-from-address";
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
  const statusField = useValueFromAddress<HTMLSelectElement>(filters.status ?? "");
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
      <label className="min-w-0 basis-40 text-sm font-medium text-navy">
        Status
        <select
          ref={statusField}
          name="status"
          defaultValue={filters.status ?? ""}
          className={inputClass}
        >
          <option value="">Any status</option>
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {POST_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
    </ListSearchForm>
  );
}
