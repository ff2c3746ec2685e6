// The one place post bodies are made safe: what the editor can produce, and nothing else.
import DOMPurify from "isomorphic-dompurify";
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

let hooked = false;

function withLinkHook() {
  if (hooked) return;
  hooked = true;
  // Links to other sites open without giving them a handle on this page or its address.
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    // Absolute and protocol-relative ("//host") links both lead off the site.
    if (node.tagName === "A" && /^(?:https?:)?\/\//i.test(node.getAttribute("href") ?? "")) {
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
  });
}

export function sanitizePostHtml(html: string): string {
  withLinkHook();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    // rel is set by the hook below, after this filter, so a post cannot choose its own.
    ALLOWED_ATTR: ["href"],
    ALLOWED_URI_REGEXP: ALLOWED_LINK,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
    RETURN_TRUSTED_TYPE: false,
  });
}
