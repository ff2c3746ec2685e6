// Searching the admin's posts by title and narrowing them to one status: a GET form, so it works
// without JavaScript and the filtered list's address can be shared; the order chosen is kept.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import type { DateOrder } from "~/lib/url-filters";
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
    <Form
      method="get"
      action={path}
      role="search"
      aria-label="Find posts"
      className="mt-4 flex flex-wrap items-end gap-4 rounded-lg bg-white p-4 ring-1 ring-line"
    >
      {order === "oldest" ? <input type="hidden" name="sort" value="oldest" /> : null}
      <label className="min-w-0 flex-1 basis-60 text-sm font-medium text-navy">
        Title contains
        <input
          type="search"
          name="q"
          defaultValue={filters.search ?? ""}
          maxLength={MAX_SEARCH_LENGTH}
          className={inputClass}
        />
      </label>
      <label className="min-w-0 basis-40 text-sm font-medium text-navy">
        Status
        <select name="status" defaultValue={filters.status ?? ""} className={inputClass}>
          <option value="">Any status</option>
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {POST_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary">
          Find posts
        </Button>
        {filters.search || filters.status ? (
          <Link to={path} className="py-2 text-sm font-semibold text-brand-strong underline">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
