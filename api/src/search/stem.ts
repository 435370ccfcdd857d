import { stem as porter2 } from "porter2";

/**
 * PostgreSQL's `english` text search configuration for one word, without a round trip: words of
 * letters go through the Snowball English (Porter2) stemmer unless they are stop words; words with
 * digits are kept as they are (PostgreSQL maps numword/int tokens to the `simple` dictionary).
 * The test compares it with to_tsvector('english', …) word by word on the demo store's vocabulary.
 */

/** PostgreSQL's tsearch_data/english.stop. */
const STOP_WORDS = new Set(`i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her
hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be
been being have has had having do does did doing a an the and but if or because as until while of at by for with about against
between into through during before after above below to from up down in out on off over under again further then once here
there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will
just don should now`.split(/\s+/));

/**
 * The lexemes PostgreSQL makes of one lower-case word ([] for a stop word), or undefined for a
 * word outside ASCII letters and digits, which is left to PostgreSQL itself.
 */
export function englishLexemes(word: string): string[] | undefined {
  if (/^[a-z]+$/.test(word)) return STOP_WORDS.has(word) ? [] : [porter2(word)];
  if (/^[a-z0-9]+$/.test(word) && /[0-9]/.test(word)) return [word];
  return undefined;
}
