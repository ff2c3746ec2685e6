// Reads the preview of a page a post links to, never letting the fetch reach inside our network.
import type { unfurl } from "unfurl.js";
import type { LinkPreview } from "~/db/schema";
import { env } from "~/lib/env.server";
import { logEvent } from "~/lib/log.server";
import {
  outboundRequest,
  refuse,
  type OutboundOptions,
  type OutboundRefusalReason,
  type ResponseScreen,
} from "~/lib/outbound-http.server";
import { normaliseLinkPreviews } from "./link-previews";

export type PreviewRefusal = OutboundRefusalReason | "not-html" | "http-status";

export type PreviewFetchOptions = OutboundOptions;

export type PreviewFetchResult =
  { ok: true; preview: LinkPreview } | { ok: false; reason: PreviewRefusal; detail: string };

type Page = { url: URL; contentType: string; body: Buffer };

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const USER_AGENT = `LinkPreviewBot/1.0 (+${env.SITE_URL})`;

/** Never throws: every failure comes back as a refusal, and is logged with the host only. */
export async function fetchLinkPreview(
  url: string,
  options: PreviewFetchOptions = {},
): Promise<PreviewFetchResult> {
  const requested = URL.canParse(url.trim()) ? new URL(url.trim()) : null;
  const answer = await outboundRequest(
    url,
    {
      method: "GET",
      headers: { Accept: "text/html,application/xhtml+xml", "User-Agent": USER_AGENT },
    },
    { maxRedirects: 3, ...options },
    screenPage,
  );
  const result = answer.ok
    ? // Parsed already, or the request would have been refused.
      await readPreview(requested ?? answer.url, {
        url: answer.url,
        contentType: answer.headers["content-type"] ?? "",
        body: answer.body,
      })
    : answer;
  const host = requested?.hostname ?? null;
  if (result.ok) logEvent("info", "link_preview_fetched", { host });
  else logEvent("warn", "link_preview_refused", { reason: result.reason, host });
  return result;
}

/** Refuses by the headers whatever can be refused before a byte of the body is read. */
function screenPage({ url, status, headers }: Parameters<ResponseScreen<PreviewRefusal>>[0]) {
  if (status !== 200) {
    return refuse("http-status", `${url.hostname} answered with status ${status}.`);
  }
  const mediaType = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!HTML_TYPES.has(mediaType)) {
    return refuse(
      "not-html",
      `${url.hostname} answered with ${mediaType || "no content type"}, not a web page.`,
    );
  }
  return null;
}

async function readPreview(requested: URL, page: Page): Promise<PreviewFetchResult> {
  const metadata = await metadataOf(page);
  const openGraph = metadata.open_graph;
  const twitterCard = metadata.twitter_card;
  const [preview] = normaliseLinkPreviews([
    {
      // The address the admin typed, which readers will follow, not wherever it redirected.
      url: requested.href,
      title: openGraph?.title || twitterCard?.title || metadata.title,
      description: openGraph?.description || twitterCard?.description || metadata.description,
      image: openGraph?.images?.[0]?.url || twitterCard?.images?.[0]?.url,
      domain: requested.hostname.replace(/^www\./, ""),
    },
  ]);
  // The normaliser bounds what it stores; a preview that would not store the same address is refused.
  if (!preview || preview.url !== requested.href) {
    return refuse("invalid-url", "This address is too long to keep.");
  }
  return { ok: true, preview };
}

// unfurl.js types these as always present, but leaves them out when a page has no such tags.
type PageMetadata = Partial<Awaited<ReturnType<typeof unfurl>>>;

/**
 * Hands the page already fetched to unfurl.js, which only parses it. Relative image addresses
 * resolve against the page's own (final) address.
 */
async function metadataOf(page: Page): Promise<PageMetadata> {
  // unfurl.js matches text/html only (its xhtml pattern never matches), so it is told text/html,
  // keeping the page's own parameters for the charset.
  const parameters = page.contentType.includes(";")
    ? page.contentType.slice(page.contentType.indexOf(";"))
    : "";
  const response = new Response(new Uint8Array(page.body), {
    status: 200,
    headers: { "Content-Type": `text/html${parameters}` },
  });
  // Loaded on the first preview (some 26 MB): only staff saving a post need it.
  const { unfurl } = await import("unfurl.js");
  try {
    return await unfurl(page.url.href, { oembed: false, fetch: async () => response });
  } catch (error) {
    // A malformed address anywhere in the head (a favicon, a canonical link) makes unfurl.js
    // give up on the whole page; the link still deserves a plain preview.
    logEvent("warn", "link_preview_unreadable", {
      host: page.url.hostname,
      error: error instanceof Error ? error.message : String(error),
    });
    return {};
  }
}
