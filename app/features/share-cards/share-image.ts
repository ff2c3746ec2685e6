// How a page's meta function finds its share card. The root loader names every public page's card
// (the addresses are built on the server, from copy the browser never loads), and meta functions,
// which run in the browser too, read them from its data.
import type { SharePageName } from "./page-cards";

/** A card as a page's meta describes it: its address, size and headline. */
export type ShareImage = { url: string; width: number; height: number; alt: string };

export type PageShareImages = Record<SharePageName, ShareImage>;

type MetaMatches = ({ id: string; loaderData: unknown } | undefined)[];

/** The page's card as the root loader named it; none when the root loader's data is missing. */
export function pageShareImage(matches: MetaMatches, page: SharePageName): ShareImage | undefined {
  const root = matches.find((match) => match?.id === "root");
  return (root?.loaderData as { shareCards?: PageShareImages } | undefined)?.shareCards?.[page];
}
