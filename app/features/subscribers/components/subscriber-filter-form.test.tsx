import { describe, expect, test } from "vitest";
import {
  formAttributes,
  hiddenFields,
  linkTarget,
  renderedAt,
} from "../../../../tests/support/form-markup";
import type { DateOrder } from "~/lib/url-filters";
import type { SubscriberFilters } from "../list-filters";
import { SubscriberFilterForm } from "./subscriber-filter-form";

const rendered = (filters: SubscriberFilters, order: DateOrder = "newest") =>
  renderedAt("/admin/subscribers", <SubscriberFilterForm filters={filters} order={order} />);
const clearLink = (html: string) => linkTarget(html, "Clear");

describe("the subscribers' search form", () => {
  test("is a GET search of the list, named by its button, with the words typed shown again", () => {
    const html = rendered({ search: "grace", status: null });
    expect(formAttributes(html)).toMatchObject({
      role: "search",
      "aria-label": "Find subscribers",
      method: "get",
      action: "/admin/subscribers",
    });
    expect(html).toMatch(
      /<label [^>]*>Email or name contains<input type="search" maxLength="254" [^>]*name="q" value="grace"\/><\/label>/,
    );
    expect(html).toMatch(/<button type="submit" [^>]*>Find subscribers<\/button>/);
  });

  test("sends the status chosen above it and the oldest-first order along with the words", () => {
    expect(hiddenFields(rendered({ search: null, status: "confirmed" }, "oldest"))).toEqual([
      "sort=oldest",
      "status=confirmed",
    ]);
    // Newest first is the list's default, so the address leaves it out.
    expect(hiddenFields(rendered({ search: null, status: null }))).toEqual([]);
  });

  test("offers Clear only for a search, and it keeps the status", () => {
    expect(clearLink(rendered({ search: "grace", status: "unsubscribed" }, "oldest"))).toBe(
      "/admin/subscribers?status=unsubscribed",
    );
    expect(clearLink(rendered({ search: "grace", status: null }))).toBe("/admin/subscribers");
    expect(clearLink(rendered({ search: null, status: "confirmed" }))).toBeUndefined();
  });
});
