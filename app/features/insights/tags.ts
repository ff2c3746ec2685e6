// Tags as an admin types them: "Operations, ops,  , Hiring" becomes ["Operations", "Hiring"].

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/**
 * Splits on commas, trims, drops empty entries and repeats (case-insensitively, keeping the
 * first spelling), and folds inner runs of whitespace so "supply   chain" and "supply chain"
 * are one tag.
 */
export function parseTags(input: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const entry of input.split(",")) {
    const tag = entry.replace(/\s+/g, " ").trim();
    const key = tag.toLocaleLowerCase("en");
    if (tag === "" || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** The tags as the form shows them again: comma separated. */
export const formatTags = (tags: readonly string[]) => tags.join(", ");
