// The pieces a post shows in a card and on its own page: badges, tags, byline and link previews.
import { useCallback, useState } from "react";
import { Link } from "react-router";
import type { LinkPreview } from "~/db/schema";
import { insightsHref } from "../urls";
import { formatLongDate } from "~/lib/dates";
import { useTimeZone } from "~/lib/site-config";

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

type BylineFields = {
  author: string;
  publishedDate?: Date | null;
  readTime?: string | null;
  /** Only the admin's list counts a post's link previews. */
  linkPreviewCount?: number;
};

type BylinePart = { key: string; text: string; dateTime?: string };

/** The parts of a byline that have something to say, in the order they are read. */
export function bylineParts(
  { author, publishedDate, readTime, linkPreviewCount }: BylineFields,
  timeZone: string,
): BylinePart[] {
  const parts: BylinePart[] = [];
  if (author.trim()) parts.push({ key: "author", text: author.trim() });
  if (publishedDate) {
    parts.push({
      key: "date",
      text: formatLongDate(publishedDate, timeZone),
      dateTime: new Date(publishedDate).toISOString(),
    });
  }
  if (readTime?.trim()) parts.push({ key: "read-time", text: readTime.trim() });
  if (linkPreviewCount !== undefined) {
    const noun = linkPreviewCount === 1 ? "link preview" : "link previews";
    parts.push({ key: "link-previews", text: `${linkPreviewCount} ${noun}` });
  }
  return parts;
}

/**
 * The byline's parts with a "·" between neighbours. Each part carries its separator in front, and
 * the line is shifted left by one separator's width under a clip: the separator of whichever part
 * starts a line, the first one included, is out of sight, so no line of a wrapped byline begins or
 * ends with a dot.
 */
export function Byline(fields: BylineFields) {
  const parts = bylineParts(fields, useTimeZone());
  if (parts.length === 0) return null;
  return (
    <p className="overflow-hidden text-sm text-ink-soft [overflow-wrap:anywhere]">
      <span className="-ms-5 flex flex-wrap">
        {parts.map((part) => (
          <span key={part.key} className="flex min-w-0">
            <span aria-hidden="true" className="w-5 shrink-0 text-center">
              ·
            </span>
            {part.dateTime ? (
              <time dateTime={part.dateTime}>{part.text}</time>
            ) : (
              <span>{part.text}</span>
            )}
          </span>
        ))}
      </span>
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
      {preview.image ? <PreviewImage src={preview.image} compact={compact} /> : null}
      <span className="flex min-w-0 flex-col gap-1 p-3">
        <span className="font-semibold text-ink group-hover:text-brand-strong">
          {preview.title}
          <span className="sr-only"> (opens in a new tab)</span>
        </span>
        {preview.description ? (
          // Whole, never clamped: a clamp cuts the text at 320 px and under larger text spacing
          // (WCAG 1.4.10, 1.4.12); a long word wraps rather than widening the card.
          <span className="text-sm text-ink-soft [overflow-wrap:anywhere]">
            {preview.description}
          </span>
        ) : null}
        <span className="text-xs text-ink-soft">{preview.domain}</span>
      </span>
    </a>
  );
}

/**
 * A preview's picture, which comes from another site and may be gone: one that fails to load is
 * removed rather than left as an empty box beside the text.
 */
function PreviewImage({ src, compact }: { src: string; compact: boolean }) {
  const [failed, setFailed] = useState(false);
  // An image that failed before React took over the page fired its error event unheard.
  const noticeEarlierFailure = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <img
      ref={noticeEarlierFailure}
      src={src}
      alt=""
      loading="lazy"
      width={compact ? 96 : 160}
      height={compact ? 50 : 84}
      onError={() => setFailed(true)}
      className={`shrink-0 bg-paper object-cover ${compact ? "w-24" : "w-28 sm:w-40"}`}
    />
  );
}
