// The few answers the server gives before, or instead of, the app: a malformed request, a method
// no page takes, a failure the app could not answer itself. A plain page with no assets, since
// the app and its layout may be what failed.

/** A minimal HTML page saying what happened. */
export function plainPage(title: string, text: string): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<h1>${title}</h1>
<p>${text}</p>
</html>
`;
}

/** Headers for such a page: never stored, nothing may load from it. */
export function plainPageHeaders(page: string) {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(page)),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'",
    "X-Content-Type-Options": "nosniff",
  };
}
