// A count with its noun in the right number ("1 point", "0 points"), by English plural rules.

const englishPlurals = new Intl.PluralRules("en");

/** `count` and the noun: `singular` for one, `plural` (the singular with an s) otherwise. */
export function countOf(count: number, singular: string, plural = `${singular}s`) {
  return `${count} ${englishPlurals.select(count) === "one" ? singular : plural}`;
}
