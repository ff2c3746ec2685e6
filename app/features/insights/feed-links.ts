// The Insights feeds, one per format readers' tools ask for: every page names all three in its
// head (autodiscovery), and each feed's route serves its own.
export const INSIGHTS_FEEDS = {
  rss: { path: "/insights/rss.xml", type: "application/rss+xml", title: "Insights (RSS)" },
  atom: { path: "/insights/atom.xml", type: "application/atom+xml", title: "Insights (Atom)" },
  json: {
    path: "/insights/feed.json",
    type: "application/feed+json",
    title: "Insights (JSON Feed)",
  },
} as const;

export type InsightsFeedFormat = keyof typeof INSIGHTS_FEEDS;

/** The `<link rel="alternate">` entries that let feed readers find the feeds from any page. */
export const insightsFeedLinks = () =>
  Object.values(INSIGHTS_FEEDS).map(({ path, type, title }) => ({
    rel: "alternate",
    type,
    title,
    href: path,
  }));
