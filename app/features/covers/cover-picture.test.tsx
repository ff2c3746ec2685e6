import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { CoverPicture } from ".";

const id = "0123456789abcdef0123456789abcdef";
const cover = { id, width: 2000, height: 1000, alt: "A loading dock at dawn" };
const sizes = "(min-width: 768px) 50vw, 100vw";

test("AVIF first, then WebP, each at every stored width, and an img that holds its space", () => {
  const html = renderToStaticMarkup(<CoverPicture cover={cover} sizes={sizes} />);
  const widths = (format: string) =>
    [480, 960, 1600].map((width) => `/media/covers/${id}/${width}.${format} ${width}w`).join(", ");
  expect(html).toBe(
    "<picture>" +
      `<source type="image/avif" srcSet="${widths("avif")}" sizes="${sizes}"/>` +
      `<source type="image/webp" srcSet="${widths("webp")}" sizes="${sizes}"/>` +
      `<img src="/media/covers/${id}/960.webp" alt="A loading dock at dawn" width="2000" height="1000" loading="lazy" decoding="async"/>` +
      "</picture>",
  );
});

test("the page's main image is fetched first, not lazily", () => {
  const html = renderToStaticMarkup(<CoverPicture cover={cover} sizes={sizes} priority />);
  expect(html).toContain('loading="eager"');
  expect(html).toContain('fetchPriority="high"');
  expect(html).not.toContain("decoding");
});

test("a small original is offered at its own width only", () => {
  const small = { ...cover, width: 300, height: 200 };
  const html = renderToStaticMarkup(<CoverPicture cover={small} sizes={sizes} />);
  expect(html).toContain(`srcSet="/media/covers/${id}/300.avif 300w"`);
  expect(html).toContain(`src="/media/covers/${id}/300.webp"`);
});
