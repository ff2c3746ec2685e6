// Insights from outside the browser: the articles its list links to.

/** The addresses of the articles /insights lists, in its order. */
export async function articlePaths(url: string): Promise<string[]> {
  const html = await (await fetch(`${url}/insights`)).text();
  return [...new Set([...html.matchAll(/href="(\/insights\/[\w-]+)"/g)].map((match) => match[1]!))];
}

/** The address of the first article /insights lists: a published post any visitor may open. */
export async function firstArticlePath(url: string): Promise<string> {
  const [article] = await articlePaths(url);
  if (!article) throw new Error("/insights lists no article");
  return article;
}
