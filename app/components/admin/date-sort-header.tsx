// A table's date column heading that sorts the list by it: a plain link to the other order, so it
// works without JavaScript, with the current order told to screen readers by aria-sort.
import { Link } from "react-router";
import type { DateOrder } from "~/lib/url-filters";
import { ChoiceLink } from "./choice-link";
import { withDateOrder } from "~/lib/url-filters";

export function DateSortHeader({
  path,
  label,
  order,
  params,
  className,
}: {
  path: string;
  label: string;
  order: DateOrder;
  /** The list's other parameters (its filters), kept; the page goes back to the first. */
  params: URLSearchParams;
  className?: string;
}) {
  const other: DateOrder = order === "newest" ? "oldest" : "newest";
  const target = withDateOrder(params, other);
  target.delete("page");
  const query = target.toString();
  return (
    <th
      scope="col"
      aria-sort={order === "newest" ? "descending" : "ascending"}
      className={className}
    >
      <Link
        to={query ? `${path}?${query}` : path}
        title={`Show the ${other} first`}
        className="inline-flex items-center gap-1 whitespace-nowrap hover:text-brand-strong"
      >
        {label}
        <span aria-hidden="true">{order === "newest" ? "↓" : "↑"}</span>
        <span className="sr-only">
          , {order} first; show the {other} first
        </span>
      </Link>
    </th>
  );
}

/**
 * The same choice for a list that is not a table (the posts): two links, the current one marked,
 * that keep the list's filters and go back to its first page.
 */
export function DateOrderLinks({
  path,
  order,
  params = new URLSearchParams(),
}: {
  path: string;
  order: DateOrder;
  params?: URLSearchParams;
}) {
  const choices: { order: DateOrder; label: string }[] = [
    { order: "newest", label: "Newest first" },
    { order: "oldest", label: "Oldest first" },
  ];
  return (
    <nav aria-label="Order" className="flex gap-2">
      {choices.map((choice) => {
        const query = withDateOrder(params, choice.order).toString();
        return (
          <ChoiceLink
            key={choice.order}
            to={query ? `${path}?${query}` : path}
            current={choice.order === order}
          >
            {choice.label}
          </ChoiceLink>
        );
      })}
    </nav>
  );
}
