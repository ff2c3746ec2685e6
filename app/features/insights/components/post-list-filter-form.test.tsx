import { describe, expect, test } from "vitest";
import {
  formAttributes,
  hiddenFields,
  linkTarget,
  renderedAt,
} from "../../../../tests/support/form-markup";
import type { DateOrder } from "~/lib/url-filters";
import type { PostListFilters } from "../post-list-filters";
import { PostListFilterForm } from "./post-list-filter-form";

const rendered = (filters: PostListFilters, order: DateOrder = "newest") =>
  renderedAt(
    "/admin/blog",
    <PostListFilterForm path="/admin/blog" filters={filters} order={order} />,
  );
const clearLink = (html: string) => linkTarget(html, "Clear");

describe("the post list's search form", () => {
  test("is a GET search of the list by title and status, showing what was asked again", () => {
    const html = rendered({ search: "harbour", status: "draft" });
    expect(formAttributes(html)).toMatchObject({
      role: "search",
      "aria-label": "Find posts",
      method: "get",
      action: "/admin/blog",
    });
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
