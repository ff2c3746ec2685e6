// The pieces a post shows in a card and on its own page: badges, tags, byline and link previews.
import { Link } from "react-router";
import type { LinkPreview } from "~/db/schema";
import { insightsHref } from "../urls";
import { formatLongDate } from "~/lib/dates";

export function FeaturedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold tracking-wide text-navy-deep uppercase">
      Featured
    </span>
  );
}

export function TagList({ tags, label }: { tags: string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            to={insightsHref({ page: 1, tag })}
            className="inline-block rounded-full border border-line bg-paper px-3 py-1 text-xs font-medium text-ink-soft hover:border-brand hover:text-brand-strong"
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Byline({
  author,
  publishedDate,
  readTime,
}: {
  author: string;
  publishedDate: Date;
  readTime: string;
}) {
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-ink-soft">
      <span>{author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={new Date(publishedDate).toISOString()}>{formatLongDate(publishedDate)}</time>
      <span aria-hidden="true">·</span>
      <span>{readTime}</span>
    </p>
  );
}

/** A preview of a page the post refers to; it opens in a new tab and tells the visitor so. */
export function LinkPreviewCard({
  preview,
  compact = false,
}: {
  preview: LinkPreview;
  compact?: boolean;
}) {
  return (
    <a
      href={preview.url}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex overflow-hidden rounded-lg border border-line bg-white hover:border-brand focus-visible:border-brand"
    >
      {preview.image ? (
        <img
          src={preview.image}
          alt=""
          loading="lazy"
          width={compact ? 96 : 160}
          height={compact ? 50 : 84}
          className={`shrink-0 bg-paper object-cover ${compact ? "w-24" : "w-28 sm:w-40"}`}
        />
      ) : null}
      <span className="flex min-w-0 flex-col gap-1 p-3">
        <span className="font-semibold text-ink group-hover:text-brand-strong">
          {preview.title}
          <span className="sr-only"> (opens in a new tab)</span>
        </span>
        {preview.description && !compact ? (
          <span className="line-clamp-2 text-sm text-ink-soft">{preview.description}</span>
        ) : null}
        <span className="text-xs text-ink-soft">{preview.domain}</span>
      </span>
    </a>
  );
}
