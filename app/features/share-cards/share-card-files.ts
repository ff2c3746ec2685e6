// The names and addresses of share cards. A card's name carries a fingerprint of what it shows,
// because social networks keep an image by its URL: a new title has to be a new URL. Pure, so
// meta functions can build the addresses in the browser too.
import {
  isSharePageName,
  pageShareCards,
  postShareCard,
  type ShareCardText,
  type SharePageName,
} from "./page-cards";

/** Open Graph's recommended size, which every network crops the least. */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/** Bump when the card's design changes: every card then gets a new address and is drawn again. */
const SHARE_CARD_TEMPLATE_VERSION = 1;

/** What a card is of: a public page, or a post whatever its title. */
export type ShareCardSubject =
  { kind: "page"; page: SharePageName } | { kind: "post"; postId: string };

/** A card as its file names it: its subject and the fingerprint of the text it shows. */
export type ShareCardFile = ShareCardSubject & { fingerprint: string };

const encoder = new TextEncoder();

/**
 * FNV-1a (32 bits) of the text's UTF-8 bytes, as 7 base-36 characters. Not a defence against
 * anyone: the server checks a requested card against the text it would draw, never the reverse.
 */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    hash = Math.imul(hash ^ byte, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, "0");
}

export function cardFingerprint(card: ShareCardText): string {
  return fingerprint([SHARE_CARD_TEMPLATE_VERSION, card.eyebrow, card.title].join("\n"));
}

/** `page-home`, `post-<id>`: the start of the names of every card of the subject. */
export function shareCardSubjectName(subject: ShareCardSubject): string {
  return subject.kind === "page" ? `page-${subject.page}` : `post-${subject.postId}`;
}

function shareCardFileName(file: ShareCardFile): string {
  return `${shareCardSubjectName(file)}-${file.fingerprint}.png`;
}

export function pageShareCardPath(page: SharePageName): string {
  const file = { kind: "page", page, fingerprint: cardFingerprint(pageShareCards[page]) } as const;
  return `/share-cards/${shareCardFileName(file)}`;
}

/** A public page's card as its meta function describes it (see `pageMeta`'s image). */
export function pageShareImage(page: SharePageName) {
  return { url: pageShareCardPath(page), ...SHARE_CARD_SIZE, alt: pageShareCards[page].title };
}

export function postShareCardPath(post: { id: string; title: string }): string {
  const file = {
    kind: "post",
    postId: post.id,
    fingerprint: cardFingerprint(postShareCard(post)),
  } as const;
  return `/share-cards/${shareCardFileName(file)}`;
}

// Post ids are UUIDs; the pattern is the page cache's for an article's address.
const PAGE_FILE = /^page-([a-z-]+)-([0-9a-z]{7})\.png$/;
const POST_FILE = /^post-([0-9a-zA-Z-]{1,64})-([0-9a-z]{7})\.png$/;

/** The card a file name asks for, or null when it names none (an unknown page, say). */
export function parseShareCardFile(file: string): ShareCardFile | null {
  const page = PAGE_FILE.exec(file);
  if (page) {
    const [, name = "", fingerprint = ""] = page;
    return isSharePageName(name) ? { kind: "page", page: name, fingerprint } : null;
  }
  const post = POST_FILE.exec(file);
  if (post) {
    const [, postId = "", fingerprint = ""] = post;
    return { kind: "post", postId, fingerprint };
  }
  return null;
}
