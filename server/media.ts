// The media folder, where the site keeps files it writes beside its database (share cards, and
// covers from before decision 041), for the backup script.
import path from "node:path";

/**
 * MEDIA_DIR, or `media` beside the database, as app/lib/media-storage.server.ts resolves it. An
 * empty variable counts as unset, as it does for the app's environment.
 */
export function mediaFolder(environment: NodeJS.ProcessEnv = process.env): string {
  const named = (name: string) => environment[name]?.trim() || undefined;
  const mediaDir = named("MEDIA_DIR");
  if (mediaDir) return path.resolve(mediaDir);
  return path.join(path.dirname(path.resolve(named("DATABASE_PATH") ?? "./data/app.db")), "media");
}
