// The one place post bodies are made safe: what the editor can produce, and nothing else.
import type { DOMPurify } from "isomorphic-dompurify";
import { ALLOWED_LINK } from "./allowed-links";

/** The editor's output: paragraphs, headings, bold, italic, underline, lists, rules and links. */
const ALLOWED_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "ul",
  "ol",
  "li",
  "hr",
  "a",
];

// Fallback elements that browsers may read as raw text. DOMPurify drops them whole when they hold
// markup (the mutation-XSS tricks live there), which would take a post's text with them; here
// their tag goes and their content stays, sanitised like the rest. Parsed on the server with
// scripting off, that content is ordinary markup, and no such tag is ever written back.
const UNWRAPPED = new Set(["noscript", "noembed", "noframes"]);

/** The sanitiser as posts use it: DOMPurify with the hooks below and the editor's tags. */
export type PostSanitizer = (html: string) => string;

let loading: Promise<PostSanitizer> | undefined;

/**
 * Loads DOMPurify and the jsdom it runs on (some 100 MB) on the first call, then hands back the same
 * sanitiser: only saving a post, or serving one an older sanitiser stored, needs it
 * (post-sanitising.server.ts).
 */
export function loadPostSanitizer(): Promise<PostSanitizer> {
  loading ??= import("isomorphic-dompurify").then(({ default: purifier }) => {
    addHooks(purifier);
    return (html) => sanitize(purifier, html);
  });
  return loading;
}

function addHooks(purifier: DOMPurify) {
  purifier.addHook("uponSanitizeElement", (node, { tagName }) => {
    const parent = node.parentNode;
    if (!UNWRAPPED.has(tagName) || !parent) return;
    // After the element and in order, so the sanitiser visits each of them next.
    const next = node.nextSibling;
    for (const child of [...node.childNodes]) parent.insertBefore(child, next);
    parent.removeChild(node);
  });
  // Links to other sites open without giving them a handle on this page or its address.
  purifier.addHook("afterSanitizeAttributes", (node) => {
    // Absolute and protocol-relative ("//host") links both lead off the site.
    if (node.tagName === "A" && /^(?:https?:)?\/\//i.test(node.getAttribute("href") ?? "")) {
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
  });
}

function sanitize(purifier: DOMPurify, html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    // rel is set by the hook above, after this filter, so a post cannot choose its own.
    ALLOWED_ATTR: ["href"],
    ALLOWED_URI_REGEXP: ALLOWED_LINK,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
    RETURN_TRUSTED_TYPE: false,
  });
}
