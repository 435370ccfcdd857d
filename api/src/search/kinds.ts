import { englishLexemes } from "./stem";

/**
 * What kind of product a name is: the head noun of the title, as English product titles put it
 * (see RELEVANCE.md). The qualifiers after "with", "for", "of", " - ", a comma or a bracket describe
 * the product, not what it is; of the words before them the last real word is the head:
 *   "PureFlow PF-1 Refrigerator Water Filter"              → filter
 *   "Connectix Full-Motion TV Wall Mount for 42 - 85 in. TVs" → mount
 *   "Bellhaven 19.1 cu. ft. Bottom-Freezer Refrigerator with Ice Maker" → refrigerator
 *   "Keystone Computing 15.6 in. Laptop - Intel Core i7, …" → laptop
 * Answered as its stem (the lexeme the full-text index holds), or null.
 */
const QUALIFIER = /\s(?:with|for|of|featuring|including|includes|w\/)\s|\s[-–—]\s|[,(|:;]/i;
/** words that end a title without naming a thing (units, sizes) */
const NOT_HEADS = new Set(["in", "inch", "inches", "ft", "cu", "gb", "tb", "hz", "k", "x", "lb", "lbs", "oz", "qt", "pack", "piece", "series", "class"]);

/**
 * The kind as compared: the head's stem without a plural "s" the stemmer leaves ("tvs" → "tv"),
 * so "TVs" (a category) and "TV" (a title) are one kind.
 */
export function kindKey(stem: string): string {
  return stem.length > 2 && stem.endsWith("s") && !stem.endsWith("ss") ? stem.slice(0, -1) : stem;
}

export function headNoun(name: string): string | null {
  const cut = name.search(QUALIFIER);
  const head = cut > 0 ? name.slice(0, cut) : name;
  const words = head.toLowerCase().match(/[a-z]+/g) ?? [];
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i]!;
    if (word.length < 2 || NOT_HEADS.has(word)) continue;
    const stem = englishLexemes(word)?.[0];
    if (stem) return kindKey(stem);
  }
  return null;
}
