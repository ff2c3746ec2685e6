// A share card, drawn in the render pool's worker (app/lib/render-pool.server.ts), so the main
// thread neither loads satori and resvg nor lays a card out. Built on its own into build/workers/
// (vite.workers.config.ts).
import type { ShareCardText } from "./page-cards";
import { renderShareCard } from "./render-share-card.server";

export const SHARE_CARD_WORKER = "share-card.worker.js";

export function shareCard(input: { card: ShareCardText; brand: string }): Promise<Buffer> {
  return renderShareCard(input.card, input.brand);
}
