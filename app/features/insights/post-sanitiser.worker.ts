// A post body made safe in the render pool's worker (app/lib/render-pool.server.ts), so the main
// thread never loads the sanitiser's jsdom: its memory goes back when the worker has been idle a
// while. Built on its own into build/workers/ (vite.workers.config.ts).
import { loadPostSanitizer } from "./post-html.server";

export const POST_SANITIZER_WORKER = "post-sanitiser.worker.js";

export async function sanitizePost(html: string): Promise<string> {
  const sanitize = await loadPostSanitizer();
  return sanitize(html);
}
