export { coverFolder, removeCoverFiles, storeCover } from "./cover-storage.server";
