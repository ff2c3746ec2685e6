export { fetchLinkPreview } from "./fetcher.server";
export type { PreviewFetchOptions } from "./fetcher.server";
