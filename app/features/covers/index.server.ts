// Queries a route may call are bound to the process's database here (onDatabase): routes never
// hold it, and inside the feature the same queries still take any Queryable, a transaction included.
import { onDatabase } from "~/lib/db.server";
import * as coverResponses from "./cover-responses.server";

export const coverFileResponse = onDatabase(coverResponses.coverFileResponse);
export { importCoverFiles } from "./cover-import.server";
export { prepareCover, removeCoverFiles, saveCoverFiles } from "./cover-storage.server";
export type { PreparedCover } from "./cover-storage.server";
