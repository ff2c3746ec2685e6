// A cover as a responsive picture: AVIF where the browser takes it, WebP otherwise, each at the
// stored widths, so the browser fetches the smallest file that fills the space it has.
import { coverImageUrl, coverWidths, type Cover, type CoverFormat } from "./covers";

type CoverPictureProps = {
  cover: Cover;
  /** How wide the picture is drawn, as for `<img sizes>`: the browser picks a width from it. */
  sizes: string;
  /** The page's main image, above the fold: fetched first, and not lazily. */
  priority?: boolean;
  className?: string;
};

export function CoverPicture({ cover, sizes, priority = false, className }: CoverPictureProps) {
  const widths = coverWidths(cover.width);
  const srcSet = (format: CoverFormat) =>
    widths.map((width) => `${coverImageUrl(cover.id, width, format)} ${width}w`).join(", ");
  // Only a browser that knows no <source> uses src; the middle width suits most screens.
  const fallbackWidth = widths[Math.floor(widths.length / 2)] ?? cover.width;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet("webp")} sizes={sizes} />
      <img
        src={coverImageUrl(cover.id, fallbackWidth, "webp")}
        alt={cover.alt}
        // The original's size gives the box its aspect ratio before the file arrives: no shift.
        width={cover.width}
        height={cover.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}
