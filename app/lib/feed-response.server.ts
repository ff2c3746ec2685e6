// Answers for feeds and other generated files: validators (ETag, Last-Modified) and 304s, so
// crawlers and feed readers that poll often cost almost nothing.
import crypto from "node:crypto";
import { cacheTagHeader, publicCacheControl } from "./headers";

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Characters XML 1.0 cannot carry at all, escaped or not: they are dropped. */
const withoutXmlIllegal = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "");

export function escapeXml(text: string) {
  return withoutXmlIllegal(text).replace(
    /[&<>"']/g,
    (character) => XML_ESCAPES[character] ?? character,
  );
}

/**
 * Text in a CDATA section, read back exactly: a `]]>` inside would end the section, so it is split
 * across two (`]]` closes one, `>` opens the next).
 */
export function cdata(text: string) {
  return `<![CDATA[${withoutXmlIllegal(text).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

export function generatedFileResponse(
  request: Request,
  body: string,
  options: { contentType: string; lastModified: Date | null; cacheTags?: readonly string[] },
) {
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    "Content-Type": options.contentType,
    ETag: etag,
    ...publicCacheControl,
    ...(options.cacheTags ? cacheTagHeader(options.cacheTags) : {}),
  });
  // HTTP dates have whole seconds; compare at that precision.
  const modified = options.lastModified
    ? new Date(Math.floor(options.lastModified.getTime() / 1000) * 1000)
    : null;
  if (modified) headers.set("Last-Modified", modified.toUTCString());

  const ifNoneMatch = request.headers.get("If-None-Match");
  const ifModifiedSince = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  const unchanged = ifNoneMatch
    ? ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)
    : modified !== null && !Number.isNaN(ifModifiedSince) && modified.getTime() <= ifModifiedSince;
  if (unchanged) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}
