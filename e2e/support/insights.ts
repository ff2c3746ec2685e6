// Insights from outside the browser: the articles its list links to.

/** The addresses of the articles /insights lists, in its order. */
export async function articlePaths(url: string): Promise<string[]> {
  const html = await (await fetch(`${url}/insights`)).text();
  return [...new Set([...html.matchAll(/href="(\/insights\/[\w-]+)"/g)].map((match) => match[1]!))];
}
