// 'Read Time' from a post's body: words at an unhurried reading pace, rounded up.

export const DEFAULT_READ_TIME = "5 min read";
const WORDS_PER_MINUTE = 200;

export function wordCount(html: string): number {
  // Tags become spaces so "<p>one</p><p>two</p>" counts two words; entities count as letters.
  const text = html.replace(/<[^>]*>/g, " ").replace(/&[#\w]+;/g, "x");
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function readTimeFor(html: string): string {
  const minutes = Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE));
  return `${minutes} min read`;
}
