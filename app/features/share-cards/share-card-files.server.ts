// The names and addresses of share cards. A card's name carries a fingerprint of what it shows,
// because social networks keep an image by its URL: a new title has to be a new URL. Built on the
// server only (loaders hand the addresses to meta functions), so the pages' copy that the cards
// repeat never travels to the browser as code.
import { siteBuiltAt } from "~/lib/build-info";
import type { PageShareImages, ShareImage } from "./share-image";
import {
  isSharePageName,
  pageShareCards,
  postShareCard,
  type ShareCardText,
  type SharePageName,
} from "./page-cards";

/** Open Graph's recommended size, which every network crops the least. */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/**
 * Every build gives every card a new address, so a change to the drawing (or anything else a
 * deploy brings) reaches networks that keep images by address, with no version to remember.
 */
const BUILD_ID = siteBuiltAt.toISOString();

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
  return fingerprint([BUILD_ID, card.eyebrow, card.title].join("\n"));
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

/** Every public page's card as its meta function describes it (see `pageMeta`'s image). */
export function pageShareImages(): PageShareImages {
  const pages = Object.keys(pageShareCards) as SharePageName[];
  return Object.fromEntries(
    pages.map((page) => [
      page,
      { url: pageShareCardPath(page), ...SHARE_CARD_SIZE, alt: pageShareCards[page].title },
    ]),
  ) as PageShareImages;
}

/** A post's card as its meta function describes it. */
export function postShareImage(post: { id: string; title: string }): ShareImage {
  return { url: postShareCardPath(post), ...SHARE_CARD_SIZE, alt: post.title };
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
