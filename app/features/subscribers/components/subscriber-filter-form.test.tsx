import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import type { DateOrder } from "~/lib/url-filters";
import type { SubscriberFilters } from "../list-filters";
import { SubscriberFilterForm } from "./subscriber-filter-form";

/** The form as the server sends it, which is all a browser without JavaScript gets. */
function rendered(filters: SubscriberFilters, order: DateOrder = "newest") {
  const Stub = createRoutesStub([
    {
      path: "/admin/subscribers",
      Component: () => <SubscriberFilterForm filters={filters} order={order} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/subscribers"]} />);
}

const hiddenFields = (html: string) =>
  [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
    ([, name, value]) => `${name}=${value}`,
  );
const clearLink = (html: string) => /<a [^>]*href="([^"]*)"[^>]*>Clear<\/a>/.exec(html)?.[1];

describe("the subscribers' search form", () => {
  test("is a GET search of the list, named by its button, with the words typed shown again", () => {
    const html = rendered({ search: "grace", status: null });
    const form = /<form [^>]*>/.exec(html)?.[0];
    expect(form).toMatch(/ role="search"/);
    expect(form).toMatch(/ aria-label="Find subscribers"/);
    expect(form).toMatch(/ method="get"/);
    expect(form).toMatch(/ action="\/admin\/subscribers"/);
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
