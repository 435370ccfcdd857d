/**
 * The catalogue's full-text index, held in memory beside the listing model so that a search never
 * seen before is answered in about a millisecond instead of a round of full-text and trigram
 * queries. PostgreSQL stays the text engine: the documents are the products' `search_vector`
 * (PostgreSQL's parser, English stemming and stop words, name weighted A and the rest B), the
 * vocabulary is PostgreSQL's word list of the same text, and a query word is reduced to its lexeme
 * by PostgreSQL too (`stem` in SearchService). What runs here is the matching: exact lexemes,
 * word prefixes, websearch-style `or` and `-word`, ts_rank-style weights, and pg_trgm's trigram
 * similarity to correct a mistyped word.
 */

import { TrigramIndex } from "./trigrams";

/** Scores of ts_rank's default weights: a word of the name (A) counts 1, of the rest (B) 0.4. */
const WEIGHT_A = 1;
const WEIGHT_B = 0.4;
/** A word matched as a whole lexeme counts twice as much as one matched by its start. */
const EXACT_FACTOR = 2;

/** One document: the product's ordinal and the lexemes of its name (A) and of all its text. */
export interface TextDocument {
  ordinal: number;
  nameLexemes: string[];
  lexemes: string[];
}

/** A word of the catalogue's text as written (lower case), and the lexemes PostgreSQL makes of it. */
export interface VocabularyWord {
  word: string;
  lexemes: string[];
  /** how many documents have it */
  ndoc: number;
}

/** A query as websearch_to_tsquery reads it: every clause must match, one of its words is enough. */
export interface TextQuery {
  clauses: string[][];
  excluded: string[];
}

/** The words of a search term, lower-cased, at most `maxWords`, in websearch syntax (`or`, `-word`). */
export function parseQuery(term: string, maxWords: number): TextQuery {
  const clauses: string[][] = [];
  const excluded: string[] = [];
  let joinNext = false;
  let count = 0;
  for (const token of term.toLowerCase().split(/\s+/)) {
    if (!token) continue;
    if (token === "or" && clauses.length > 0) {
      joinNext = true;
      continue;
    }
    const negated = token.length > 1 && token.startsWith("-");
    for (const word of token.match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (count++ >= maxWords) break;
      if (negated) excluded.push(word);
      else if (joinNext) clauses[clauses.length - 1].push(word);
      else clauses.push([word]);
      joinNext = false;
    }
  }
  return { clauses, excluded };
}

export interface TextMatch {
  /** ordinals, best first */
  ordinals: Int32Array;
  /** true when a word was unknown and its closest catalogue words answered instead */
  fuzzy: boolean;
}

export class TextIndex {
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  /** per lexeme: ordinals ascending, and each posting's score (A or B weight) */
  private readonly postings: Int32Array[] = [];
  private readonly weights: Float32Array[] = [];
  /** the vocabulary sorted by word (prefix lookups), each word's lexeme ids and document count */
  private readonly words: string[];
  private readonly wordLexemes: number[][];
  private readonly wordDocs: Int32Array;
  /** the vocabulary's words by trigrams (numbered as in `words`) */
  private readonly wordTrigrams = new TrigramIndex();

  // scratch for one query at a time (a query runs synchronously)
  private readonly level: Uint8Array;
  private readonly score: Float32Array;
  private readonly best: Float32Array;

  constructor(readonly n: number, documents: TextDocument[], vocabulary: VocabularyWord[]) {
    const lists: Array<{ ordinals: number[]; weights: number[] }> = [];
    const idOf = (lexeme: string) => {
      let id = this.lexemeIds.get(lexeme);
      if (id === undefined) {
        id = lists.length;
        this.lexemeIds.set(lexeme, id);
        this.lexemes.push(lexeme);
        lists.push({ ordinals: [], weights: [] });
      }
      return id;
    };
    for (const doc of [...documents].sort((a, b) => a.ordinal - b.ordinal)) {
      const inName = new Set(doc.nameLexemes);
      for (const lexeme of new Set(doc.lexemes)) {
        const list = lists[idOf(lexeme)];
        list.ordinals.push(doc.ordinal);
        list.weights.push(inName.has(lexeme) ? WEIGHT_A : WEIGHT_B);
      }
    }
    for (const list of lists) {
      this.postings.push(Int32Array.from(list.ordinals));
      this.weights.push(Float32Array.from(list.weights));
    }

    const sorted = vocabulary.filter((v) => v.word.length > 0).sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    this.words = sorted.map((v) => v.word);
    this.wordLexemes = sorted.map((v) => v.lexemes.map((l) => this.lexemeIds.get(l)).filter((id): id is number => id !== undefined));
    this.wordDocs = Int32Array.from(sorted.map((v) => v.ndoc));
    for (const word of this.words) this.wordTrigrams.add(word);

    this.level = new Uint8Array(n);
    this.score = new Float32Array(n);
    this.best = new Float32Array(n);
  }

  /** The catalogue's own word, if the query word is one (its lexemes are then known here). */
  knows(word: string): boolean {
    return this.wordIndex(word) >= 0;
  }

  /** Lexemes PostgreSQL made of a catalogue word ([] for a stop word); undefined for other words. */
  lexemesOf(word: string): string[] | undefined {
    const w = this.wordIndex(word);
    if (w < 0) return undefined;
    return this.wordLexemes[w].map((id) => this.lexemes[id]);
  }

  /**
   * Matches a parsed query. `stems` gives every query word's lexemes as PostgreSQL stems it
   * ([] for a stop word). Falls back to the closest catalogue words for unknown words when nothing
   * matches as typed and a word is long enough for trigrams to mean something.
   */
  match(query: TextQuery, stems: Map<string, string[]>, options: { maxMatches: number; minFuzzyWord: number; correctionsPerWord: number }): TextMatch {
    const clauses = this.resolve(query.clauses, stems);
    const strict = this.run(clauses, query.excluded, stems, options.maxMatches);
    if (strict.length > 0) return { ordinals: strict, fuzzy: false };
    const words = query.clauses.flat();
    if (!words.some((w) => w.length >= options.minFuzzyWord)) return { ordinals: strict, fuzzy: false };

    // nothing as typed: each word the catalogue does not have becomes its closest catalogue words
    const corrected: Array<Array<{ lexemes: number[]; exact: boolean }>> = [];
    for (const clause of query.clauses) {
      const alternatives: Array<{ lexemes: number[]; exact: boolean }> = [];
      let stopWordsOnly = true;
      for (const word of clause) {
        if (this.stemOf(word, stems).length === 0) continue; // a stop word
        stopWordsOnly = false;
        const known = this.exactLexemes(word, stems);
        if (known.length > 0) alternatives.push({ lexemes: known, exact: true });
        else if (!this.knows(word) && word.length >= options.minFuzzyWord) {
          for (const w of this.closestWords(word, options.correctionsPerWord)) alternatives.push({ lexemes: this.wordLexemes[w], exact: true });
        }
      }
      if (alternatives.length === 0 && !stopWordsOnly) return { ordinals: new Int32Array(0), fuzzy: true };
      if (alternatives.length > 0) corrected.push(alternatives);
    }
    return { ordinals: this.run(corrected, query.excluded, stems, options.maxMatches), fuzzy: true };
  }

  /** Up to `limit` catalogue words closest to `word` by trigram similarity (≥ the pg_trgm threshold). */
  closestWords(word: string, limit: number): number[] {
    return this.wordTrigrams.similar(word)
      .filter(({ id }) => this.wordLexemes[id].length > 0)
      .sort((a, b) => b.similarity - a.similarity || this.wordDocs[b.id] - this.wordDocs[a.id] || (this.words[a.id] < this.words[b.id] ? -1 : 1))
      .slice(0, limit)
      .map(({ id }) => id);
  }

  // -------------------------------------------------------------------------------------------

  /** Index of the word in the sorted vocabulary, or -1. */
  private wordIndex(word: string): number {
    const at = this.lowerBound(word);
    return at < this.words.length && this.words[at] === word ? at : -1;
  }

  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid] < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The word's lexemes: the catalogue's own for its words, else as PostgreSQL stems it ([] for a stop word). */
  private stemOf(word: string, stems: Map<string, string[]>): string[] {
    return this.lexemesOf(word) ?? stems.get(word) ?? [];
  }

  /** Lexeme ids the word matches as a whole (its stem is a lexeme of some document). */
  private exactLexemes(word: string, stems: Map<string, string[]>): number[] {
    return this.stemOf(word, stems).map((l) => this.lexemeIds.get(l)).filter((id): id is number => id !== undefined);
  }

  /** Lexeme ids of every catalogue word that starts with `prefix` (and is not a stop word). */
  private prefixLexemes(prefix: string): number[] {
    const out = new Set<number>();
    for (let w = this.lowerBound(prefix); w < this.words.length && this.words[w].startsWith(prefix); w++) {
      for (const id of this.wordLexemes[w]) out.add(id);
    }
    return [...out];
  }

  /** Each clause as its alternatives: exact lexemes, and the lexemes of the words it starts. */
  private resolve(clauses: string[][], stems: Map<string, string[]>) {
    const resolved: Array<Array<{ lexemes: number[]; exact: boolean }>> = [];
    for (const clause of clauses) {
      const alternatives: Array<{ lexemes: number[]; exact: boolean }> = [];
      let stopWordsOnly = true;
      for (const word of clause) {
        if (this.stemOf(word, stems).length === 0) continue; // a stop word
        stopWordsOnly = false;
        alternatives.push({ lexemes: this.exactLexemes(word, stems), exact: true });
        alternatives.push({ lexemes: this.prefixLexemes(word), exact: false });
      }
      // a clause of stop words only ("with", "the") constrains nothing, as in PostgreSQL
      if (!stopWordsOnly) resolved.push(alternatives);
    }
    return resolved;
  }

  /**
   * Documents matching every clause (any alternative of it) and no excluded word, best score first,
   * then catalogue position (ordinal).
   */
  private run(
    clauses: Array<Array<{ lexemes: number[]; exact: boolean }>>,
    excluded: string[],
    stems: Map<string, string[]>,
    maxMatches: number,
  ): Int32Array {
    if (clauses.length === 0) return new Int32Array(0);
    // the clause with the fewest postings first: it bounds the candidates
    const cost = (clause: Array<{ lexemes: number[] }>) => clause.reduce((sum, a) => sum + a.lexemes.reduce((s, id) => s + this.postings[id].length, 0), 0);
    const ordered = [...clauses].sort((a, b) => cost(a) - cost(b));
    const { level, score, best } = this;
    const candidates: number[] = [];
    ordered.forEach((clause, g) => {
      for (const alternative of clause) {
        const factor = alternative.exact ? EXACT_FACTOR : 1;
        for (const id of alternative.lexemes) {
          const docs = this.postings[id];
          const weights = this.weights[id];
          for (let k = 0; k < docs.length; k++) {
            const doc = docs[k];
            const s = weights[k] * factor;
            if (level[doc] === g) {
              if (g === 0) candidates.push(doc);
              level[doc] = g + 1;
              best[doc] = s;
              score[doc] += s;
            } else if (level[doc] === g + 1 && s > best[doc]) {
              score[doc] += s - best[doc];
              best[doc] = s;
            }
          }
        }
      }
    });
    const full = ordered.length;
    for (const word of excluded) {
      for (const id of this.exactLexemes(word, stems)) for (const doc of this.postings[id]) if (level[doc] === full) level[doc] = 0;
    }
    const hits: number[] = [];
    for (const doc of candidates) if (level[doc] === full) hits.push(doc);
    hits.sort((a, b) => score[b] - score[a] || a - b);
    for (const doc of candidates) {
      level[doc] = 0;
      score[doc] = 0;
      best[doc] = 0;
    }
    return Int32Array.from(hits.length > maxMatches ? hits.slice(0, maxMatches) : hits);
  }
}
