// One post in the Insights list: everything the spec names, and 'Read More' to the article.
import { Link } from "react-router";
import { CoverPicture } from "~/features/covers";
import type { PostSummary } from "../queries.server";
import { postPath } from "../urls";
import { Byline, FeaturedBadge, LinkPreviewCard, TagList } from "./post-parts";

export function PostCard({
  post,
  headingLevel,
  leadsList = false,
}: {
  post: PostSummary;
  headingLevel: 2 | 3;
  /** The list's first card, whose cover is on the first screen (often its largest paint). */
  leadsList?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `post-${post.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      {post.cover ? (
        <CoverPicture
          cover={post.cover}
          // Cards are one, two or three to a row (the list's grid), inside the page's padding.
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          priority={leadsList}
          className="-mx-6 -mt-6 aspect-[1.91/1] w-[calc(100%+3rem)] max-w-none rounded-t-xl object-cover"
        />
      ) : null}
      {post.featured ? (
        <div>
          <FeaturedBadge />
        </div>
      ) : null}
      <Heading id={titleId} className="text-xl font-semibold text-ink">
        {post.title}
      </Heading>
      <p className="max-w-prose text-ink-soft">{post.excerpt}</p>
      <TagList tags={post.tags} label={`Tags of ${post.title}`} />
      {post.linkPreviews.length > 0 ? (
        <ul aria-label={`Links in ${post.title}`} className="flex flex-col gap-2">
          {post.linkPreviews.map((preview) => (
            <li key={preview.url}>
              <LinkPreviewCard preview={preview} compact />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-4 pt-2">
        <Byline author={post.author} publishedDate={post.publishedDate} readTime={post.readTime} />
        <Link
          to={postPath(post)}
          className="inline-flex w-fit items-center rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-strong"
        >
          {/* Six links all named 'Read More' say nothing out of context (a screen reader's link
              list, a search engine): the title completes the name without changing the label. */}
          <span>Read More</span>
          <span className="sr-only"> about {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
