// A post's address: a slug made from its title (or typed by an admin), plain ASCII so it reads the
// same in every browser bar, chat and feed reader.
export const MAX_SLUG_LENGTH = 64;

/** The slug of a post whose title has no letters or digits left once made ASCII. */
export const FALLBACK_SLUG = "post";

// Letters that Unicode does not decompose into a base letter and a mark.
const WHOLE_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
  "&": " and ",
};
const WHOLE_LETTER = new RegExp(`[${Object.keys(WHOLE_LETTERS).join("")}]`, "g");

// A post id (a UUID): post ids answer with a redirect to the post's slug, so a slug of that shape
// would hide another post's old address.
const POST_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The site's own pages under /insights/ (subscribing, unsubscribing): their routes answer before
// an article's, so a post with one of these slugs could never be reached.
const SITE_PAGE_SLUGS = new Set(["subscribe", "unsubscribe"]);

/** Why a post may not have this slug, or null when it may. */
export function reservedSlugKind(slug: string): "post-id" | "site-page" | null {
  if (POST_ID_SHAPE.test(slug)) return "post-id";
  return SITE_PAGE_SLUGS.has(slug) ? "site-page" : null;
}

export const isReservedSlug = (slug: string) => reservedSlugKind(slug) !== null;

/**
 * Lowercase ASCII letters and digits joined by single hyphens, at most MAX_SLUG_LENGTH long and
 * cut between words; "" when nothing is left. Accents are dropped ("Café" → "cafe"), apostrophes
 * join their word ("don't" → "dont") and everything else separates words.
 */
export function slugify(text: string): string {
  const words = text
    .toLowerCase()
    .replace(WHOLE_LETTER, (letter) => WHOLE_LETTERS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/['’‘`]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cutBetweenWords(words, MAX_SLUG_LENGTH);
}

function cutBetweenWords(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength + 1);
  const lastHyphen = cut.lastIndexOf("-");
  // One very long word is cut where it must be.
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, maxLength)).replace(/-+$/, "");
}

/** The n-th candidate for a slug that is taken: "title", "title-2", "title-3"… within the limit. */
export function numberedSlug(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${cutBetweenWords(base, MAX_SLUG_LENGTH - suffix.length)}${suffix}`;
}

/** A path segment that can be a post's address (a slug or an id): anything else is not looked up. */
export const POST_ADDRESS = /^[0-9a-zA-Z-]{1,64}$/;
