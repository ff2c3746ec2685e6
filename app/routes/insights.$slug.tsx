// One Insights article: its cover, badge, title, author, byline, tags, safe body and referenced
// links. It lives at its slug; its id and any earlier slug answer 301 to there.
import type { Route } from "./+types/insights.$slug";
import { data, redirect } from "react-router";
import { Link, useLoaderData } from "react-router";
import {
  articleMeta,
  Byline,
  FeaturedBadge,
  LinkPreviewCard,
  TagList,
  POST_ADDRESS,
  postCacheTag,
} from "~/features/insights";
import { findArticle, servedPostHtml } from "~/features/insights/index.server";
import { SubscribeBand } from "~/features/subscribers";
import { CoverPicture, COVER_SHARE_SIZE, coverShareImageUrl } from "~/features/covers";
import { postShareImage } from "~/features/share-cards/index.server";
import { ButtonLink } from "~/components/ui/button-link";
import { PageHero } from "~/components/ui/section";
import { callsToAction } from "~/content/calls-to-action";
import { team } from "~/content/team";
import { cacheTagHeader, noStore, publicCacheControl } from "~/lib/headers";
import { pageMeta, siteOf } from "~/lib/meta";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params }: Route.LoaderArgs) {
  const address = params.slug ?? "";
  const notFound = () => data({ state: "not-found" } as const, { status: 404, headers: noStore });
  if (!POST_ADDRESS.test(address)) return notFound();
  const found = findArticle(address, new Date());
  if (!found) return notFound();
  // Permanent: a shared link to the id or an old slug passes its ranking on to the new address.
  if ("movedTo" in found) return redirect(found.movedTo, { status: 301, headers: noStore });
  const { sanitizerVersion, ...post } = found.post;
  const content = await servedPostHtml({ content: post.content, sanitizerVersion });
  // Its cover, or its drawn card: either is named here, where the card's address is built.
  const shareImage = post.cover
    ? { url: coverShareImageUrl(post.cover.id), ...COVER_SHARE_SIZE, alt: post.cover.alt }
    : postShareImage(post);
  return data({ state: "ok", post: { ...post, content }, shareImage } as const, {
    headers: { ...publicCacheControl, ...cacheTagHeader([postCacheTag(post.id)]) },
  });
}

export const meta: Route.MetaFunction = (args) => {
  if (args.loaderData?.state !== "ok") {
    return pageMeta(args, {
      title: "Article Not Found",
      description: "Article not found or has been removed.",
      indexable: false,
    });
  }
  const { post, shareImage } = args.loaderData;
  return pageMeta(args, articleMeta(post, shareImage, siteOf(args.matches)));
};

export default function Article() {
  const result = useLoaderData<typeof loader>();
  if (result.state !== "ok") {
    return (
      <PageHero eyebrow="Insights" title="Article Not Found" fillsWindow>
        <p>Article not found or has been removed.</p>
        <div className="mt-8 flex flex-wrap items-center gap-x-8 gap-y-4">
          <BackToInsights />
          <ButtonLink cta={callsToAction.returnToHome} variant="outline" />
        </div>
      </PageHero>
    );
  }

  const { post } = result;
  const author = team.find((member) => member.name === post.author);
  return (
    <article aria-labelledby="article-title" className="bg-white">
      <header className="bg-navy-deep text-white">
        <div className="mx-auto max-w-3xl px-5 pt-40 pb-14 sm:px-8">
          <BackToInsights />
          {post.featured ? (
            <div className="mt-8">
              <FeaturedBadge />
            </div>
          ) : null}
          <h1 id="article-title" className="mt-4 text-4xl font-semibold text-balance sm:text-5xl">
            {post.title}
          </h1>
          <div className="mt-6 [&_p]:text-slate-200">
            <Byline
              author={post.author}
              publishedDate={post.publishedDate}
              readTime={post.readTime}
            />
          </div>
        </div>
      </header>

      {post.cover ? (
        <div className="mx-auto max-w-3xl px-5 pt-10 sm:px-8">
          <CoverPicture
            cover={post.cover}
            sizes="(min-width: 768px) 704px, calc(100vw - 40px)"
            priority
            className="aspect-auto w-full rounded-xl object-cover"
          />
        </div>
      ) : null}

      <div className="mx-auto max-w-3xl px-5 py-12 sm:px-8">
        {author ? (
          <aside
            // The author's name makes it this article's author box, not any other.
            aria-label={`About the author, ${author.name}`}
            className="mb-10 flex items-center gap-4 rounded-xl border border-line bg-paper p-5"
          >
            <img
              src={author.image}
              alt={`Portrait of ${author.name}`}
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-full bg-white object-cover"
            />
            <div>
              <p className="font-semibold text-ink">
                <Link to={`/team#${author.id}`} className="hover:text-brand-strong hover:underline">
                  {author.name}
                </Link>
              </p>
              <p className="text-sm text-ink-soft">{author.title}</p>
              <p className="mt-1 text-sm text-ink-soft">{author.summary}</p>
            </div>
          </aside>
        ) : null}

        <TagList tags={post.tags} label="Tags" />

        <div
          className="article-body mt-8"
          // Sanitised when saved, or by servedPostHtml in the loader: the editor's tags and safe links only.
          dangerouslySetInnerHTML={{ __html: post.content }}
        />

        {post.linkPreviews.length > 0 ? (
          <section aria-labelledby="referenced-links" className="mt-14 border-t border-line pt-10">
            <h2 id="referenced-links" className="text-2xl font-semibold text-navy">
              Referenced Links
            </h2>
            <ul className="mt-6 flex flex-col gap-3">
              {post.linkPreviews.map((preview) => (
                <li key={preview.url}>
                  <LinkPreviewCard preview={preview} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <SubscribeBand source="article" />
    </article>
  );
}

function BackToInsights() {
  return (
    <Link
      to="/insights"
      className="inline-flex font-semibold text-accent underline-offset-4 hover:underline"
    >
      ← Back to Insights
    </Link>
  );
}
