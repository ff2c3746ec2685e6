export { coverFileResponse } from "./cover-responses.server";
export { importCoverFiles } from "./cover-import.server";
export { prepareCover, removeCoverFiles, saveCoverFiles } from "./cover-storage.server";
export type { PreparedCover } from "./cover-storage.server";
