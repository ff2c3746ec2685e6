// A post's body read away from the site (a feed reader, an email) has no address of its own, so
// its relative links and images would lead nowhere: they are made absolute against the post's
// address first. The body is the sanitiser's serialised output (post-html.server.ts), so a light
// rewrite of start tags' attributes is enough; no parser (jsdom) is loaded for it.

// A start tag as a serialiser writes it: a name, then attributes, each bare or with a quoted value.
// Text cannot hold a `<` (it is written `&lt;`), so each match is a real tag; an attribute's value
// is consumed whole, so a value that reads like `href="…"` is never taken for an attribute.
const START_TAG = /<[a-z][^\s/>]*(?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*\s*\/?>/gi;
const ATTRIBUTE = /(\s+)([^\s"'<>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'))?/g;
const URL_ATTRIBUTES = new Set(["href", "src"]);

// The references the serialiser writes in attribute values (&amp; &quot; &nbsp; &lt; &gt;), &apos;
// and numeric ones. It writes every `&` as one of them, so a value holding any other `&` was not
// written by it, cannot be read for certain, and is left alone.
const NAMED: Record<string, string> = {
  amp: "&",
  quot: '"',
  apos: "'",
  lt: "<",
  gt: ">",
  nbsp: "\u00A0",
};
const REFERENCE = /&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));|&/gi;
const ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&#39;" };

function decoded(value: string): string | null {
  let readable = true;
  const text = value.replace(
    REFERENCE,
    (reference, decimal?: string, hex?: string, name?: string) => {
      const code = decimal ? Number(decimal) : hex ? Number.parseInt(hex, 16) : undefined;
      if (code !== undefined && code <= 0x10ffff) return String.fromCodePoint(code);
      const character = name === undefined ? undefined : NAMED[name];
      if (character === undefined) readable = false;
      return character ?? reference;
    },
  );
  return readable ? text : null;
}

const encoded = (text: string) => text.replace(/[&"']/g, (character) => ESCAPES[character]!);

/** Where a relative reference leads from baseUrl; null for an absolute URL or an unparsable one. */
function resolved(reference: string, baseUrl: string): string | null {
  if (URL.canParse(reference)) return null;
  return URL.parse(reference, baseUrl)?.href ?? null;
}

/**
 * The HTML with every relative `href` and `src` made absolute against baseUrl, the address the
 * HTML was written for (`/x` against its origin, `x` and `#y` against the page itself). Absolute
 * URLs (https:, mailto: and the rest) and values that do not parse are kept exactly as written.
 */
export function withAbsoluteLinks(html: string, baseUrl: string): string {
  return html.replace(START_TAG, (tag) =>
    tag.replace(ATTRIBUTE, (attribute, space, name, equals, doubleQuoted, singleQuoted) => {
      const value = (doubleQuoted ?? singleQuoted) as string | undefined;
      if (value === undefined || !URL_ATTRIBUTES.has((name as string).toLowerCase())) {
        return attribute;
      }
      const reference = decoded(value);
      const absolute = reference === null ? null : resolved(reference, baseUrl);
      if (absolute === null) return attribute;
      const quote = doubleQuoted === undefined ? "'" : '"';
      return `${space}${name}${equals}${quote}${encoded(absolute)}${quote}`;
    }),
  );
}
