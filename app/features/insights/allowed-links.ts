// Which link targets a post may hold, shared by the server's sanitiser and the browser's editor
// (this module has no dependencies, so the editor does not pull the sanitiser into the bundle).

/**
 * The link schemes the spec allows (http, https, ftp, ftps, mailto, tel, callto, sms, cid, xmpp)
 * and relative links; anything else, such as javascript: or data:, loses its href.
 */
export const ALLOWED_LINK =
  /^(?:(?:https?|ftps?|mailto|tel|callto|sms|cid|xmpp):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

// DOMPurify removes these characters before it tests an href against ALLOWED_LINK, and browsers
// ignore them inside a URL, so "java\tscript:" must be judged as "javascript:".
// eslint-disable-next-line no-control-regex -- the control characters are the point.
const URI_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** True when the sanitiser would keep this href, so the editor never shows a link that vanishes. */
export function isAllowedLink(href: string): boolean {
  return ALLOWED_LINK.test(href.replace(URI_WHITESPACE, ""));
}
