// The search box over one of the admin's lists: a GET form, so it works without JavaScript and the
// filtered list's address can be shared, with what the list keeps from outside it and a Clear link.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useValueFromAddress } from "~/lib/use-value-from-address";
import { Button } from "./button";
import { inputClass } from "./form-field";

export function ListSearchForm({
  action,
  label,
  searchLabel,
  search,
  maxLength,
  kept,
  clearTo,
  children,
}: {
  /** The list's own path. */
  action: string;
  /** Names the form among the page's landmarks and is its button's text ("Find posts"). */
  label: string;
  /** The search box's label, saying what it searches ("Title contains"). */
  searchLabel: string;
  /** The words searched for now, shown again in the box. */
  search: string | null;
  /** No longer than what the list's filter reads: a longer search could not match. */
  maxLength: number;
  /** What the list is also set to outside the form (its order, a status), sent along as it is. */
  kept: URLSearchParams;
  /** Where Clear leads; without it nothing is filtered, and there is no Clear. */
  clearTo?: string;
  /** The list's other filters, beside the search box. */
  children?: ReactNode;
}) {
  const searchBox = useValueFromAddress<HTMLInputElement>(search ?? "");
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="mt-4 flex flex-wrap items-end gap-4 rounded-lg bg-white p-4 ring-1 ring-line"
    >
      {[...kept].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="min-w-0 flex-1 basis-60 text-sm font-medium text-navy">
        {searchLabel}
        <input
          ref={searchBox}
          type="search"
          name="q"
          defaultValue={search ?? ""}
          maxLength={maxLength}
          className={inputClass}
        />
      </label>
      {children}
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary">
          {label}
        </Button>
        {clearTo ? (
          <Link to={clearTo} className="py-2 text-sm font-semibold text-brand-strong underline">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
