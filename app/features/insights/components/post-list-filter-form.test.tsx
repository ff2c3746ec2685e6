import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import type { DateOrder } from "~/lib/url-filters";
import type { PostListFilters } from "../post-list-filters";
import { PostListFilterForm } from "./post-list-filter-form";

/** The form as the server sends it, which is all a browser without JavaScript gets. */
function rendered(filters: PostListFilters, order: DateOrder = "newest") {
  const Stub = createRoutesStub([
    {
      path: "/admin/blog",
      Component: () => <PostListFilterForm path="/admin/blog" filters={filters} order={order} />,
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin/blog"]} />);
}

const hiddenFields = (html: string) =>
  [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
    ([, name, value]) => `${name}=${value}`,
  );
const clearLink = (html: string) => /<a [^>]*href="([^"]*)"[^>]*>Clear<\/a>/.exec(html)?.[1];

describe("the post list's search form", () => {
  test("is a GET search of the list by title and status, showing what was asked again", () => {
    const html = rendered({ search: "harbour", status: "draft" });
    const form = /<form [^>]*>/.exec(html)?.[0];
    expect(form).toMatch(/ role="search"/);
    expect(form).toMatch(/ aria-label="Find posts"/);
    expect(form).toMatch(/ method="get"/);
    expect(form).toMatch(/ action="\/admin\/blog"/);
    expect(html).toMatch(
      /<label [^>]*>Title contains<input type="search" maxLength="200" [^>]*name="q" value="harbour"\/><\/label>/,
    );
    const select = /<label [^>]*>Status<select name="status" [^>]*>(.*?)<\/select><\/label>/.exec(
      html,
    )?.[1];
    expect(select?.match(/<option [^>]*>[^<]*<\/option>/g)).toEqual([
      '<option value="">Any status</option>',
      '<option value="published">Published</option>',
      '<option value="scheduled">Scheduled</option>',
      '<option value="draft" selected="">Draft</option>',
    ]);
    expect(html).toMatch(/<button type="submit" [^>]*>Find posts<\/button>/);
  });

  test("sends the oldest-first order along, and nothing when the list is newest first", () => {
    expect(hiddenFields(rendered({ search: null, status: null }, "oldest"))).toEqual([
      "sort=oldest",
    ]);
    expect(hiddenFields(rendered({ search: "harbour", status: "draft" }))).toEqual([]);
  });

  test("offers Clear for a search or a status, back to the whole list", () => {
    expect(clearLink(rendered({ search: "harbour", status: null }, "oldest"))).toBe("/admin/blog");
    expect(clearLink(rendered({ search: null, status: "scheduled" }))).toBe("/admin/blog");
    expect(clearLink(rendered({ search: null, status: null }))).toBeUndefined();
  });
});
