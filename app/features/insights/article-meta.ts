// How an article describes itself to search engines and link unfurlers: its title and description
// (the admin's own for search, else the post's), its address, sharing image and BlogPosting JSON-LD.
import { absoluteUrl, type PageDescription, type PageImage } from "~/lib/meta";
import type { SiteConfig } from "~/lib/site-config";
import { withoutBrandSuffix } from "./meta-title";
import { postPath } from "./urls";

export type ArticleForMeta = {
  id: string;
  slug: string | null;
  title: string;
  metaTitle: string | null;
  excerpt: string;
  metaDescription: string | null;
  author: string;
  tags: readonly string[];
  /** Dates, or their strings once they crossed from the loader to the browser. */
  publishedDate: Date | string;
  updatedAt: Date | string;
};

/** The page description of an article; without the site's config its addresses stay paths. */
export function articleMeta(
  post: ArticleForMeta,
  image: PageImage,
  site: SiteConfig | undefined,
): PageDescription {
  const path = postPath(post);
  // pageMeta adds the brand; a search title saved before the suffix was left off may carry it.
  const title =
    post.metaTitle && site
      ? withoutBrandSuffix(post.metaTitle, site.brand)
      : post.metaTitle || post.title;
  const description = post.metaDescription || post.excerpt;
  return {
    title,
    description,
    canonicalPath: path,
    type: "article",
    image,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: title,
      description,
      datePublished: new Date(post.publishedDate).toISOString(),
      dateModified: new Date(post.updatedAt).toISOString(),
      author: { "@type": "Person", name: post.author },
      publisher: site ? { "@type": "Organization", name: site.brand, url: site.origin } : undefined,
      mainEntityOfPage: site ? absoluteUrl(site.origin, path) : path,
      keywords: post.tags.join(", ") || undefined,
      image: site ? absoluteUrl(site.origin, image.url) : undefined,
    },
  };
}
