// Builds each page's <title>, description, canonical URL and sharing tags (brand and origin come
// from the root loader), so every page is described to search engines and link unfurlers alike.
import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "./site-config";
import { logo } from "./site-icons";

type MetaArgs = {
  matches: ({ id: string; loaderData: unknown } | undefined)[];
  location: { pathname: string; search: string };
};

/** A sharing image described in full, so networks can lay the card out before fetching it. */
export type PageImage = { url: string; width: number; height: number; alt: string };

export type PageDescription = {
  title: string;
  description: string;
  /** Defaults to the page's path; a list page passes its path with the page number. */
  canonicalPath?: string;
  /** An image for sharing cards: absolute, or a path on this site; with its size and text when known. */
  image?: string | PageImage | null;
  type?: "website" | "article";
  /** Pages that are personal or missing stay out of search indexes and get no canonical URL. */
  indexable?: boolean;
  /** Structured data for search engines (schema.org), rendered as JSON-LD: a script each. */
  jsonLd?: Record<string, unknown> | readonly Record<string, unknown>[];
  /** The trail from the home page down to this one, each with its name; rendered as a BreadcrumbList. */
  breadcrumbs?: readonly { name: string; path: string }[];
  /** An article's Open Graph facts: ISO dates, its author (a profile's address, else the name), tags. */
  article?: {
    publishedTime: string;
    modifiedTime: string;
    author: string;
    tags: readonly string[];
  };
};

export function siteOf(matches: MetaArgs["matches"]): SiteConfig | undefined {
  const root = matches.find((match) => match?.id === "root");
  return (root?.loaderData as { site?: SiteConfig } | undefined)?.site;
}

/** An absolute URL on the site for a path (or an already absolute URL, unchanged). */
export function absoluteUrl(origin: string, pathOrUrl: string) {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/** The site's raster logo as structured data's ImageObject: the Organization's and a post's publisher's. */
export function logoJsonLd(origin: string) {
  return {
    "@type": "ImageObject",
    url: absoluteUrl(origin, logo.path),
    width: logo.size,
    height: logo.size,
  };
}

/** What every page's <title> ends with: " | Keelstone Operations". */
export const brandSuffix = (brand: string) => ` | ${brand}`;

export function pageMeta(args: MetaArgs, page: PageDescription): MetaDescriptor[] {
  const site = siteOf(args.matches);
  const title = site ? `${page.title}${brandSuffix(site.brand)}` : page.title;
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: page.description }];
  if (page.indexable === false) {
    tags.push({ name: "robots", content: "noindex" });
    return tags;
  }
  if (!site) return tags;

  const url = absoluteUrl(site.origin, page.canonicalPath ?? args.location.pathname);
  const image = typeof page.image === "string" ? { url: page.image } : page.image;
  tags.push(
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.brand },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  );
  if (image) tags.push(...imageTags(site.origin, image));
  if (page.article) tags.push(...articleTags(site.origin, page.article));
  for (const data of [page.jsonLd ?? []].flat()) tags.push({ "script:ld+json": data });
  if (page.breadcrumbs) {
    tags.push({ "script:ld+json": breadcrumbList(site.origin, page.breadcrumbs) });
  }
  return tags;
}

function articleTags(
  origin: string,
  article: NonNullable<PageDescription["article"]>,
): MetaDescriptor[] {
  return [
    { property: "article:published_time", content: article.publishedTime },
    { property: "article:modified_time", content: article.modifiedTime },
    {
      property: "article:author",
      content: article.author.startsWith("/")
        ? absoluteUrl(origin, article.author)
        : article.author,
    },
    ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
}

function breadcrumbList(origin: string, trail: NonNullable<PageDescription["breadcrumbs"]>) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

function imageTags(origin: string, image: { url: string } | PageImage): MetaDescriptor[] {
  const url = absoluteUrl(origin, image.url);
  if (!("alt" in image)) {
    return [
      { property: "og:image", content: url },
      { name: "twitter:image", content: url },
    ];
  }
  return [
    { property: "og:image", content: url },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: image.alt },
  ];
}
