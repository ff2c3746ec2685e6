// The Insights list URL: reading its page and tag, and writing links to other pages and tags.
const MAX_PAGE = 100_000;
const MAX_TAG_LENGTH = 60;

export type InsightsQuery = { page: number; tag: string | null };

/** The page and tag of a list URL, or null when the page number is not one we could have linked to. */
export function insightsQueryFrom(url: URL): InsightsQuery | null {
  const rawPage = url.searchParams.get("page");
  let page = 1;
  if (rawPage !== null) {
    if (!/^[1-9][0-9]{0,5}$/.test(rawPage)) return null;
    page = Number(rawPage);
    if (page > MAX_PAGE) return null;
  }
  const rawTag =
    url.searchParams
      .get("tag")
      ?.replace(/\p{Cc}/gu, "")
      .trim() ?? "";
  return { page, tag: rawTag === "" ? null : rawTag.slice(0, MAX_TAG_LENGTH) };
}

/** The list URL for a page and tag, as the pagination and tag chips link to it. */
export function insightsHref({ page, tag }: { page: number; tag: string | null }) {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/insights?${search}` : "/insights";
}

/** An article's address: its slug, or its id while it has none. */
export function postPath(post: { id: string; slug: string | null }) {
  return `/insights/${post.slug ?? post.id}`;
}
