// Insights from outside the browser: the first article its list links to.

/** The address of the first article /insights lists: a published post any visitor may open. */
export async function firstArticlePath(url: string): Promise<string> {
  const html = await (await fetch(`${url}/insights`)).text();
  const article = /href="(\/insights\/[\w-]+)"/.exec(html)?.[1];
  if (!article) throw new Error("/insights lists no article");
  return article;
}
