// The media folder, where the site keeps files it writes beside its database (uploaded covers),
// and how server.ts serves the covers from it. See docs/decisions/031-cover-images.md.
import path from "node:path";
import express from "express";

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

/**
 * Serves the covers' files. A file's name never changes meaning (a new upload gets a new id), so
 * browsers and CDNs may keep it for a year without asking again. No folder listings, nothing
 * whose path has a dot-name (uploads still being written), and a plain 404 for anything missing
 * rather than a page render.
 */
export function serveCovers(coversFolder: string) {
  const router = express.Router();
  router.use(
    express.static(coversFolder, {
      dotfiles: "ignore",
      index: false,
      redirect: false,
      immutable: true,
      maxAge: "1y",
    }),
  );
  router.use((_request: express.Request, response: express.Response) => {
    response.status(404).type("text/plain").send("There is no such image.");
  });
  return router;
}
