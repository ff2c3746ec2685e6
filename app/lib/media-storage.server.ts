// Where files the site writes beside its database live: uploaded cover images and generated share
// cards. On the data volume, so they survive deploys; `npm run backup` copies them with the database.
import { mediaFolder } from "../../server/media.ts";
import { env } from "./env.server";

export const mediaRoot = mediaFolder({
  MEDIA_DIR: env.MEDIA_DIR,
  DATABASE_PATH: env.DATABASE_PATH,
});
