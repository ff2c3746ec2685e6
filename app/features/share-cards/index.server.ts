export { pageShareCards, postShareCard } from "./page-cards";
export type { ShareCardText } from "./page-cards";
export {
  pageShareCardPath,
  pageShareImages,
  parseShareCardFile,
  postShareCardPath,
  postShareImage,
} from "./share-card-files.server";
export type { ShareCardFile } from "./share-card-files.server";
export { dropPostShareCards, shareCardResponse } from "./share-card-store.server";
