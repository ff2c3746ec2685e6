export { httpUrl, normaliseLinkPreviews } from "./link-previews";
