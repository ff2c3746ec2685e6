// How an article describes itself to search engines and link unfurlers: its title and description
// (the admin's own for search, else the post's), its address, sharing image and BlogPosting JSON-LD.
import { team } from "~/content/team";
import { absoluteUrl, logoJsonLd, type PageDescription, type PageImage } from "~/lib/meta";
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
): PageDescription & { jsonLd: Record<string, unknown> } {
  const path = postPath(post);
  // pageMeta adds the brand; a search title saved before the suffix was left off may carry it.
  const title =
    post.metaTitle && site
      ? withoutBrandSuffix(post.metaTitle, site.brand)
      : post.metaTitle || post.title;
  const description = post.metaDescription || post.excerpt;
  const published = new Date(post.publishedDate).toISOString();
  const modified = new Date(post.updatedAt).toISOString();
  // The firm's own authors have their part of the Team page; a guest's name stands alone.
  const member = team.find((person) => person.name === post.author);
  const authorPath = member ? `/team#${member.id}` : null;
  return {
    title,
    description,
    canonicalPath: path,
    type: "article",
    image,
    article: {
      publishedTime: published,
      modifiedTime: modified,
      author: authorPath ?? post.author,
      tags: post.tags,
    },
    breadcrumbs: [
      { name: "Home", path: "/" },
      { name: "Insights", path: "/insights" },
      { name: title, path },
    ],
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: title,
      description,
      datePublished: published,
      dateModified: modified,
      author: {
        "@type": "Person",
        name: post.author,
        url: authorPath && site ? absoluteUrl(site.origin, authorPath) : (authorPath ?? undefined),
      },
      publisher: site
        ? {
            "@type": "Organization",
            name: site.brand,
            url: site.origin,
            logo: logoJsonLd(site.origin),
          }
        : undefined,
      mainEntityOfPage: site ? absoluteUrl(site.origin, path) : path,
      keywords: post.tags.join(", ") || undefined,
      image: site ? absoluteUrl(site.origin, image.url) : undefined,
    },
  };
}
