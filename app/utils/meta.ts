// Builds each page's <title> and description (with the brand from the root loader).
import type { MetaDescriptor } from "@remix-run/node";
import type { SiteConfig } from "./site-config";

type MetaMatch = { id: string; data: unknown };

export function pageMeta(
  matches: MetaMatch[],
  page: { title: string; description: string },
): MetaDescriptor[] {
  const root = matches.find((match) => match.id === "root")?.data as
    { site?: SiteConfig } | undefined;
  const brand = root?.site?.brand;
  return [
    { title: brand ? `${page.title} | ${brand}` : page.title },
    { name: "description", content: page.description },
  ];
}
