export { pageShareCards, postShareCard } from "./page-cards";
export type { ShareCardText } from "./page-cards";
export {
  SHARE_CARD_SIZE,
  pageShareCardPath,
  pageShareImage,
  parseShareCardFile,
  postShareCardPath,
} from "./share-card-files";
export type { ShareCardFile } from "./share-card-files";
