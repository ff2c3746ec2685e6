// A table's column heading that sorts the list by it (the date, or a list's own column such as a
// score): a plain link to the next order, so it works without JavaScript, with the current order
// told to screen readers by aria-sort.
import { Link } from "react-router";
import type { DateOrder } from "~/lib/url-filters";
import { ChoiceLink } from "./choice-link";
import { withDateOrder } from "~/lib/url-filters";

/** An order of a list: its ?sort= value and how it reads ("newest first"). */
export type SortChoice = { sort: string; words: string };

export function SortHeader({
  path,
  label,
  params,
  sorted,
  next,
  className,
}: {
  path: string;
  label: string;
  /** The list's other parameters (its filters), kept; the page goes back to the first. */
  params: URLSearchParams;
  /** The order the list is in by this column, if it is sorted by it. */
  sorted?: SortChoice & { direction: "ascending" | "descending" };
  /** The order the heading's link asks for. */
  next: SortChoice;
  className?: string;
}) {
  const target = withDateOrder(params, next.sort);
  target.delete("page");
  const query = target.toString();
  return (
    <th scope="col" aria-sort={sorted?.direction} className={className}>
      <Link
        to={query ? `${path}?${query}` : path}
        title={`Show the ${next.words}`}
        className="inline-flex items-center gap-1 whitespace-nowrap hover:text-brand-strong"
      >
        {label}
        {sorted ? (
          <span aria-hidden="true">{sorted.direction === "descending" ? "↓" : "↑"}</span>
        ) : null}
        <span className="sr-only">
          {sorted ? `, ${sorted.words}` : ""}; show the {next.words}
        </span>
      </Link>
    </th>
  );
}

const dateChoices: Record<DateOrder, SortChoice & { direction: "ascending" | "descending" }> = {
  newest: { sort: "newest", words: "newest first", direction: "descending" },
  oldest: { sort: "oldest", words: "oldest first", direction: "ascending" },
};

/** The date's heading: it turns the order round, or, on a list sorted by another column, goes
 * back to newest first. */
export function DateSortHeader({
  order,
  ...heading
}: {
  path: string;
  label: string;
  /** The list's date order, or null when the list is sorted by another column. */
  order: DateOrder | null;
  params: URLSearchParams;
  className?: string;
}) {
  return (
    <SortHeader
      {...heading}
      sorted={order ? dateChoices[order] : undefined}
      next={dateChoices[order === "newest" ? "oldest" : "newest"]}
    />
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
