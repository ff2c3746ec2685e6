// /share-cards/<file>.png: the Open Graph image of a public page or a published post, drawn with
// the text it has now. A name whose fingerprint is not that text's (an old title, a made-up name)
// is not found.
import type { Route } from "./+types/share-cards.$file";
import { findPublicPostAddress } from "~/features/insights/index.server";
import {
  pageShareCards,
  parseShareCardFile,
  postShareCard,
  type ShareCardFile,
  type ShareCardText,
  shareCardResponse,
} from "~/features/share-cards/index.server";
import { noStore } from "~/lib/headers";
import { siteConfig } from "~/lib/site-config.server";

export async function loader({ params }: Route.LoaderArgs) {
  const requested = parseShareCardFile(params.file);
  const card = requested && currentCard(requested);
  const response = card && (await shareCardResponse(requested, card, siteConfig.brand));
  return response ?? notFound();
}

function currentCard(requested: ShareCardFile): ShareCardText | undefined {
  if (requested.kind === "page") return pageShareCards[requested.page];
  const post = findPublicPostAddress(requested.postId, new Date());
  return post && postShareCard(post);
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...noStore },
  });
}
