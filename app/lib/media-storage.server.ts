// Where files the site writes beside its database live: generated share cards, a cache each
// machine draws again when it lacks one, and the covers' files of versions before decision 041,
// which the covers feature copies into the database at start.
import path from "node:path";
import { env } from "./env.server";

/** MEDIA_DIR, or `media` beside the database. */
export const mediaRoot = env.MEDIA_DIR
  ? path.resolve(env.MEDIA_DIR)
  : path.join(path.dirname(path.resolve(env.DATABASE_PATH)), "media");
