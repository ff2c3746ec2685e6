// Data access for CTA click records.
import type { AppDatabase } from "~/db/client.server";
import { ctaClicks } from "~/db/schema";

export function insertCtaClick(
  db: AppDatabase,
  click: { ctaSource: string; pagePath: string; userSession: string },
) {
  db.insert(ctaClicks).values(click).run();
}
