// Insights: featured posts, then the latest, a page at a time, optionally narrowed to one tag.
import type { Route } from "./+types/insights._index";
import { data } from "react-router";
import { Link, useLoaderData } from "react-router";
import {
  ALL_POSTS_CACHE_TAG,
  PostCard,
  insightsHref,
  insightsQueryFrom,
  topicCacheTag,
} from "~/features/insights";
import { type PostSummary, insightsList } from "~/features/insights/index.server";
import { SubscribeBand } from "~/features/subscribers";
import { PageHero, Section } from "~/components/ui/section";
import { cacheTagHeader, publicCacheControl, noStore } from "~/lib/headers";
import { insightsHero } from "~/content/heroes";
import { pageShareImage } from "~/features/share-cards";
import { pageMeta } from "~/lib/meta";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ url }: Route.LoaderArgs) {
  const query = insightsQueryFrom(url);
  if (!query) {
    return data({ state: "page-not-found" } as const, { status: 404, headers: noStore });
  }
  const list = insightsList(query);
  if (query.page > list.pageCount) {
    return data({ state: "page-not-found" } as const, { status: 404, headers: noStore });
  }
  // A tag no published post carries is a page that does not exist: it still says so in the
  // list's own words, but answers 404 and is never stored, so made-up tags fill no cache.
  if (query.tag !== null && list.total === 0) {
    return data({ state: "ok", ...list } as const, { status: 404, headers: noStore });
  }
  const cacheTag = query.tag ? topicCacheTag(query.tag) : ALL_POSTS_CACHE_TAG;
  return data({ state: "ok", ...list } as const, {
    headers: { ...publicCacheControl, ...cacheTagHeader([cacheTag]) },
  });
}

export const meta: Route.MetaFunction = (args) => {
  const list = args.loaderData?.state === "ok" ? args.loaderData : null;
  const description =
    "Practical articles on finding and fixing operational waste: hand-offs, undocumented processes, meetings, approvals, tools and change that sticks.";
  if (!list) return pageMeta(args, { title: "Insights", description, indexable: false });
  const parts = [list.tag ? `Articles tagged ${list.tag}` : "Insights"];
  if (list.page > 1) parts.push(`Page ${list.page}`);
  return pageMeta(args, {
    title: parts.join(" – "),
    description,
    indexable: list.tag === null || list.total > 0,
    canonicalPath: insightsHref(list),
    image: pageShareImage(args.matches, "insights"),
  });
};

export default function Insights() {
  const result = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={insightsHero.eyebrow} title={insightsHero.title}>
        <p>What we learn inside real operations: {insightsHero.subject}.</p>
      </PageHero>
      {result.state === "ok" ? (
        <>
          <PostList {...result} />
          {/* An empty blog says only that, with nothing yet to send. */}
          {result.total > 0 ? <SubscribeBand source="insights" /> : null}
        </>
      ) : (
        <Section heading="Page not found">
          <p className="text-ink-soft">There is no such page of articles.</p>
          <Link
            to="/insights"
            className="mt-6 inline-flex font-semibold text-brand-strong underline"
          >
            See the latest articles
          </Link>
        </Section>
      )}
    </>
  );
}

function PostList({
  featured,
  latest,
  page,
  pageCount,
  tag,
}: {
  featured: PostSummary[];
  latest: PostSummary[];
  page: number;
  pageCount: number;
  tag: string | null;
}) {
  if (tag) {
    return (
      <Section id="tagged" heading={`Articles tagged “${tag}”`}>
        <Link to="/insights" className="font-semibold text-brand-strong underline">
          Show all articles
        </Link>
        {latest.length > 0 ? (
          <PostGrid posts={latest} leadsPage />
        ) : (
          <p className="mt-6 text-ink-soft">No published articles carry this tag yet.</p>
        )}
        <Pagination page={page} pageCount={pageCount} tag={tag} />
      </Section>
    );
  }
  if (featured.length === 0 && latest.length === 0) {
    return (
      <Section heading="No Articles Yet">
        <p className="text-lg text-ink-soft">
          We&apos;re preparing valuable insights for you. Check back soon for our latest articles.
        </p>
      </Section>
    );
  }
  return (
    <>
      {featured.length > 0 ? (
        <Section id="featured" heading="Featured Articles" tone="muted">
          <PostGrid posts={featured} leadsPage />
        </Section>
      ) : null}
      {latest.length > 0 ? (
        <Section id="latest" heading="Latest Articles">
          <PostGrid posts={latest} leadsPage={featured.length === 0} />
          <Pagination page={page} pageCount={pageCount} tag={null} />
        </Section>
      ) : null}
    </>
  );
}

/**
 * Cards a column each, three at most; a shorter list (the featured posts) shares out the width
 * rather than leave empty columns beside it. Each card is as tall as its own content, so none
 * is stretched into blank space by a taller neighbour.
 */
function PostGrid({ posts, leadsPage }: { posts: PostSummary[]; leadsPage: boolean }) {
  const columns =
    posts.length === 1
      ? ""
      : posts.length === 2
        ? "md:grid-cols-2"
        : "md:grid-cols-2 lg:grid-cols-3";
  return (
    <ul className={`mt-6 grid items-start gap-6 ${columns}`}>
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={3} leadsList={leadsPage && index === 0} />
        </li>
      ))}
    </ul>
  );
}

function Pagination({
  page,
  pageCount,
  tag,
}: {
  page: number;
  pageCount: number;
  tag: string | null;
}) {
  if (pageCount <= 1) return null;
  const linkClass =
    "rounded-md border border-line px-4 py-2 font-semibold text-navy hover:border-brand hover:text-brand-strong";
  return (
    <nav aria-label="Pages of articles" className="mt-10 flex flex-wrap items-center gap-4">
      {page > 1 ? (
        <Link to={insightsHref({ page: page - 1, tag })} rel="prev" className={linkClass}>
          Newer articles
        </Link>
      ) : null}
      <p className="text-ink-soft">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={insightsHref({ page: page + 1, tag })} rel="next" className={linkClass}>
          Older articles
        </Link>
      ) : null}
    </nav>
  );
}
