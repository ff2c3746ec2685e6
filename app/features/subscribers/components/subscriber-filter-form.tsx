// Finding subscribers by address or name: a GET form, so it works without JavaScript and the
// filtered list's address can be shared; the status chosen above it and the order are kept.
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import type { DateOrder } from "~/lib/url-filters";
import { MAX_SEARCH_LENGTH, type SubscriberFilters } from "../list-filters";

export function SubscriberFilterForm({
  filters,
  order,
}: {
  filters: SubscriberFilters;
  order: DateOrder;
}) {
  const path = "/admin/subscribers";
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label="Find subscribers"
      className="mt-4 flex flex-wrap items-end gap-4 rounded-lg bg-white p-4 ring-1 ring-line"
    >
      {order === "oldest" ? <input type="hidden" name="sort" value="oldest" /> : null}
      {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
      <label className="min-w-0 flex-1 basis-60 text-sm font-medium text-navy">
        Email or name contains
        <input
          type="search"
          name="q"
          defaultValue={filters.search ?? ""}
          maxLength={MAX_SEARCH_LENGTH}
          className={inputClass}
        />
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary">
          Find subscribers
        </Button>
        {filters.search ? (
          <Link
            to={filters.status ? `${path}?status=${filters.status}` : path}
            className="py-2 text-sm font-semibold text-brand-strong underline"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
