import { englishLexemes } from "./stem";
import { TrigramIndex } from "./trigrams";

/**
 * A store's synonyms (the search_synonyms rows of its store_code), as the search engines for
 * commerce keep them:
 * - two-way (input null): every term of `synonyms` means every other ("fridge", "refrigerator");
 * - one-way (input set): the input also means each of `synonyms`, not the reverse ("stove" finds
 *   ranges; "range" does not find stoves).
 * A term may be several words ("washing machine", "sound bar"). Terms are compared by their
 * stemmed words, so "fridges" and "washing machines" find the same entries as "fridge" and
 * "washing machine".
 */
export interface SynonymRow {
  store_code: string;
  input: string | null;
  synonyms: string[];
}

/** The words of a term as the search reads them: lower case, letters and digits. */
export const termWords = (term: string): string[] => term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A word's stem for comparing terms (the word itself when it has none, e.g. a stop word or a non-ASCII word). */
export function stemKey(word: string): string {
  return englishLexemes(word)?.[0] ?? word;
}

const keyOf = (words: readonly string[]) => words.map(stemKey).join(" ");

export class Synonyms {
  /** stemmed term → the terms it also means (each as its words) */
  private readonly expansionsByKey = new Map<string, string[][]>();
  /** every word of every term, sorted (prefix lookups), and by trigrams (typo correction) */
  private readonly words: string[];
  private readonly wordSet: Set<string>;
  private readonly trigrams = new TrigramIndex();
  /** most words in one term */
  readonly longest: number;

  constructor(rows: ReadonlyArray<Pick<SynonymRow, "input" | "synonyms">>) {
    const add = (from: string[], to: string[]) => {
      if (from.length === 0 || to.length === 0) return;
      const key = keyOf(from);
      if (key === keyOf(to)) return;
      const list = this.expansionsByKey.get(key) ?? [];
      if (!list.some((t) => keyOf(t) === keyOf(to))) list.push(to);
      this.expansionsByKey.set(key, list);
    };
    const words = new Set<string>();
    let longest = 0;
    for (const row of rows) {
      const terms = row.synonyms.map(termWords).filter((t) => t.length > 0);
      const input = row.input === null ? null : termWords(row.input);
      for (const t of [...terms, ...(input ? [input] : [])]) {
        longest = Math.max(longest, t.length);
        for (const w of t) words.add(w);
      }
      if (input) for (const t of terms) add(input, t);
      else for (const a of terms) for (const b of terms) if (a !== b) add(a, b);
    }
    this.longest = longest;
    this.words = [...words].sort();
    this.wordSet = words;
    for (const w of this.words) this.trigrams.add(w);
  }

  get size(): number {
    return this.expansionsByKey.size;
  }

  /** What a term (its words) also means, or undefined. */
  expansions(words: readonly string[]): string[][] | undefined {
    return this.expansionsByKey.get(keyOf(words));
  }

  /** True when the word is part of some synonym: such a word is never "corrected". */
  knows(word: string): boolean {
    return this.wordSet.has(word);
  }

  /** Words of the synonym list that start with `prefix` (a word being typed), at most `limit`. */
  startingWith(prefix: string, limit: number): string[] {
    const out: string[] = [];
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.words.length && out.length < limit && this.words[i]!.startsWith(prefix); i++) out.push(this.words[i]!);
    return out;
  }

  /** Synonym words close to a mistyped word (trigram similarity ≥ pg_trgm's threshold), best first. */
  closest(word: string, limit: number): Array<{ word: string; similarity: number }> {
    return this.trigrams.similar(word)
      .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
      .slice(0, limit)
      .map(({ id, similarity }) => ({ word: this.words[id]!, similarity }));
  }
}

export const NO_SYNONYMS = new Synonyms([]);

/** Synonyms per store code. */
export function synonymsByStore(rows: readonly SynonymRow[]): Map<string, Synonyms> {
  const grouped = new Map<string, SynonymRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.store_code) ?? [];
    list.push(row);
    grouped.set(row.store_code, list);
  }
  return new Map([...grouped].map(([store, list]) => [store, new Synonyms(list)]));
}
