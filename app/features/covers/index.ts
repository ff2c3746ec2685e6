export { CoverPicture } from "./cover-picture";
export {
  COVER_ACCEPT,
  COVER_ID_PATTERN,
  COVER_LIMITS,
  COVER_SHARE_SIZE,
  coverImageUrl,
  coverShareImageUrl,
  coverWidths,
} from "./covers";
export type { Cover } from "./covers";
