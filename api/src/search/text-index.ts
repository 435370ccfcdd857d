/**
 * The catalogue's full-text index, held in memory beside the listing model so that a search never
 * seen before is answered in about a millisecond instead of a round of full-text and trigram
 * queries. PostgreSQL stays the text engine: the documents are the products' `search_vector`
 * (PostgreSQL's parser, English stemming and stop words, name weighted A and the rest B), the
 * vocabulary is PostgreSQL's word list of the same text, and a query word is reduced to its lexeme
 * by PostgreSQL too (`stem` in SearchService). What runs here is the matching and the ranking
 * (RELEVANCE.md): exact lexemes, word prefixes, synonyms and sizes (analyze.ts), websearch-style
 * `or` and `-word`, ts_rank-style weights, the kind of product a term names, popularity, and
 * pg_trgm's trigram similarity to correct a word the store does not know.
 */

import { analyzeQuery, type AnalyzedQuery, type SlotOption } from "./analyze";
import { headNoun, kindKey } from "./kinds";
import { productMeasureTokens } from "./measures";
import { englishLexemes } from "./stem";
import { NO_SYNONYMS, type Synonyms } from "./synonyms";
import { TrigramIndex } from "./trigrams";

/** Scores of ts_rank's default weights: a word of the name (A) counts 1, of the rest (B) 0.4. */
const WEIGHT_A = 1;
const WEIGHT_B = 0.4;
/** A word matched as a whole lexeme counts twice as much as one matched by its start. */
const EXACT_FACTOR = 2;
/** Most slots a query has (one bit each per document during a match). */
const MAX_SLOTS = 8;
/**
 * Rank keys, exact integers below 2^53, most significant first: slots matched, whether the product
 * is the kind the query names, text score (hundredths), popularity rank (unique per product, so
 * keys never tie and the ordinal is read back from the key's low bits).
 */
const TEXT_LIMIT = 32_767;
const RANK_BITS = 2 ** 21;
/**
 * Most products a most-words answer lists: it stands in for an answer the catalogue does not
 * have, so its best few matter, and its facets and pages stay as cheap as a full match's.
 */
export const MAX_PARTIAL_MATCHES = 24;
const KIND_UNIT = 1e5;
const TEXT_UNIT = 100;
/** Reviews a product needs before its average rating counts fully (Bayesian average towards the prior). */
const REVIEW_PRIOR_COUNT = 5;
const REVIEW_PRIOR_RATING = 3;

const POPCOUNT = (() => {
  const table = new Uint8Array(256);
  for (let i = 1; i < 256; i++) table[i] = (i & 1) + table[i >>> 1]!;
  return table;
})();

/** The `k` largest of the first `count` keys, ascending (a min-heap of size k). */
function topKeys(keys: Float64Array, count: number, k: number): Float64Array {
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < count; i++) {
    const key = keys[i]!;
    if (size < k) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heap[parent]! <= key) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = key;
    } else if (key > heap[0]!) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= k) break;
        const child = left + 1 < k && heap[left + 1]! < heap[left]! ? left + 1 : left;
        if (heap[child]! >= key) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = key;
    }
  }
  return heap.sort();
}

/** One document: the product's ordinal and the lexemes of its name (A) and of all its text. */
export interface TextDocument {
  ordinal: number;
  nameLexemes: string[];
  lexemes: string[];
  /** the product's name: its sizes become measure tokens, its head noun its kind */
  name?: string;
  /** the name of its most specific category: a second kind */
  category?: string;
  reviewsCount?: number;
  reviewsRating?: number;
}

/** A word of the catalogue's text as written (lower case), and the lexemes PostgreSQL makes of it. */
export interface VocabularyWord {
  word: string;
  lexemes: string[];
  /** how many documents have it */
  ndoc: number;
}

/** @deprecated shape of earlier callers: every clause must match, one of its words is enough. */
export interface TextQuery {
  clauses: string[][];
  excluded: string[];
}

/** The words of a search term in websearch syntax (`or`, `-word`), lower-cased, at most `maxWords`. */
export function parseQuery(term: string, maxWords: number): TextQuery {
  const query = analyzeQuery(term, maxWords);
  return { clauses: query.slots.map((s) => s.options.flatMap((o) => o.words)), excluded: query.excluded };
}

export interface TextMatch {
  /** ordinals, best first */
  ordinals: Int32Array;
  /** true when a word the store does not know was replaced by the closest words it knows */
  fuzzy: boolean;
  /** the term as searched after corrections ("Showing results for …"), or null when nothing was corrected */
  corrected: string | null;
  /** true when no product has every word and those with most of them answered */
  partial: boolean;
}

export interface MatchOptions {
  maxMatches: number;
  minFuzzyWord: number;
  correctionsPerWord: number;
  synonyms?: Synonyms;
}

/** One way of filling a slot: every list must match (any lexeme of it); weighted by `factor`. */
interface Alternative {
  lists: number[][];
  factor: number;
}

interface ResolvedSlot {
  alternatives: Alternative[];
  /** kind ids the slot names (the head noun of each option) */
  kinds: number[];
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
  /** kinds of product (kinds.ts), and each document's kinds in CSR form */
  private readonly kindIds = new Map<string, number>();
  private readonly kindStart: Int32Array;
  private readonly kinds: Int32Array;
  /** reviews per ordinal, for popularity until orders exist */
  private readonly reviewScore: Float64Array;
  /** popularity per ordinal in [0, 1): orders first, then reviews and rating (applyOrders) */
  popularity: Float64Array;
  /** each ordinal's popularity rank (0 least popular, unique), and the ordinal at each rank */
  private popularityRank: Int32Array;
  private byRank: Int32Array;
  /** bumped whenever popularity changes: rankings kept by callers are keyed by it */
  popularityVersion = 0;
  /** each store's synonyms (search_synonyms), by store code */
  synonyms: Map<string, Synonyms> = new Map();

  // scratch for one query at a time (a query runs synchronously)
  private readonly mask: Uint8Array;
  private readonly score: Float64Array;
  private readonly best: Float64Array;
  private readonly sub: Uint8Array;
  private readonly candidates: Int32Array;
  private readonly keys: Float64Array;
  private kindFlags: Uint8Array;

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
    const kindOf = (kind: string) => {
      let id = this.kindIds.get(kind);
      if (id === undefined) this.kindIds.set(kind, (id = this.kindIds.size));
      return id;
    };
    const docKinds: number[][] = Array.from({ length: n }, () => []);
    this.reviewScore = new Float64Array(n);
    for (const doc of [...documents].sort((a, b) => a.ordinal - b.ordinal)) {
      const inName = new Set(doc.nameLexemes);
      const measures = doc.name ? productMeasureTokens(doc.name) : [];
      for (const m of measures) inName.add(m);
      for (const lexeme of new Set([...doc.lexemes, ...measures])) {
        const list = lists[idOf(lexeme)]!;
        list.ordinals.push(doc.ordinal);
        list.weights.push(inName.has(lexeme) ? WEIGHT_A : WEIGHT_B);
      }
      const kinds = new Set<number>();
      for (const text of [doc.name, doc.category]) {
        const head = text ? headNoun(text) : null;
        if (head) kinds.add(kindOf(head));
      }
      docKinds[doc.ordinal] = [...kinds];
      const count = doc.reviewsCount ?? 0;
      this.reviewScore[doc.ordinal] = (count * (doc.reviewsRating ?? 0) + REVIEW_PRIOR_COUNT * REVIEW_PRIOR_RATING) / (count + REVIEW_PRIOR_COUNT) + count * 1e-6;
    }
    for (const list of lists) {
      this.postings.push(Int32Array.from(list.ordinals));
      this.weights.push(Float32Array.from(list.weights));
    }
    this.kindStart = new Int32Array(n + 1);
    const flat: number[] = [];
    for (let i = 0; i < n; i++) {
      for (const k of docKinds[i]!) flat.push(k);
      this.kindStart[i + 1] = flat.length;
    }
    this.kinds = Int32Array.from(flat);
    this.kindFlags = new Uint8Array(this.kindIds.size);

    const sorted = vocabulary.filter((v) => v.word.length > 0).sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    this.words = sorted.map((v) => v.word);
    this.wordLexemes = sorted.map((v) => v.lexemes.map((l) => this.lexemeIds.get(l)).filter((id): id is number => id !== undefined));
    this.wordDocs = Int32Array.from(sorted.map((v) => v.ndoc));
    for (const word of this.words) this.wordTrigrams.add(word);

    this.mask = new Uint8Array(n);
    this.score = new Float64Array(n);
    this.best = new Float64Array(n);
    this.sub = new Uint8Array(n);
    this.candidates = new Int32Array(n);
    this.keys = new Float64Array(n);
    this.popularity = new Float64Array(n);
    this.popularityRank = new Int32Array(n);
    this.byRank = new Int32Array(n);
    if (n >= RANK_BITS) throw new Error(`the search index holds at most ${RANK_BITS - 1} products`);
    this.applyOrders(new Map());
  }

  /**
   * Popularity from units ordered per ordinal: more units first; among equal units (none, until
   * orders exist) the Bayesian average rating with the number of reviews. Stored as a rank in [0, 1).
   */
  applyOrders(units: ReadonlyMap<number, number>) {
    const order = Int32Array.from({ length: this.n }, (_, i) => i);
    const unitsOf = (i: number) => units.get(i) ?? 0;
    order.sort((a, b) => unitsOf(a) - unitsOf(b) || this.reviewScore[a]! - this.reviewScore[b]! || b - a);
    const popularity = new Float64Array(this.n);
    const rank = new Int32Array(this.n);
    for (let r = 0; r < order.length; r++) {
      popularity[order[r]!] = (r / Math.max(1, this.n)) * 0.99;
      rank[order[r]!] = r;
    }
    this.popularity = popularity;
    this.popularityRank = rank;
    this.byRank = order;
    this.popularityVersion++;
  }

  /** A store's synonyms (none when it has no rows). */
  synonymsFor(storeCode: string): Synonyms {
    return this.synonyms.get(storeCode) ?? NO_SYNONYMS;
  }

  /** The catalogue's own word, if the query word is one (its lexemes are then known here). */
  knows(word: string): boolean {
    return this.wordIndex(word) >= 0;
  }

  /** Lexemes PostgreSQL made of a catalogue word ([] for a stop word); undefined for other words. */
  lexemesOf(word: string): string[] | undefined {
    const w = this.wordIndex(word);
    if (w < 0) return undefined;
    return this.wordLexemes[w]!.map((id) => this.lexemes[id]!);
  }

  /** Kinds of product at an ordinal (stems of head nouns), for tests and notes. */
  kindsOf(ordinal: number): string[] {
    const names = [...this.kindIds.keys()];
    const out: string[] = [];
    for (let k = this.kindStart[ordinal]!; k < this.kindStart[ordinal + 1]!; k++) out.push(names[this.kinds[k]!]!);
    return out;
  }

  /**
   * Matches an analysed query (analyze.ts). `stems` gives the lexemes of query words the catalogue
   * does not have, as PostgreSQL stems them ([] for a stop word); words without one are stemmed
   * here. A word neither the catalogue nor the synonyms know, and that starts no word of either,
   * is replaced by its closest known words. Every slot must match; when no document has them all,
   * documents with most of them answer, those with more first.
   */
  match(query: AnalyzedQuery, stems: Map<string, string[]>, options: MatchOptions): TextMatch {
    const synonyms = options.synonyms ?? NO_SYNONYMS;
    const resolved: ResolvedSlot[] = [];
    /** the term as searched, slot by slot (a corrected word in place of the typed one) */
    const searched: string[] = [];
    let fuzzy = false;
    let corrected = false;
    let headEnd = 0;
    query.slots.slice(0, MAX_SLOTS).forEach((slot, index) => {
      let found = this.resolveSlot(slot.options, stems);
      if (found === "stop") return; // a slot of stop words only ("with", "the") constrains nothing, as in PostgreSQL
      let text = slot.text;
      const typed = slot.options.length === 1 && slot.options[0]!.typed ? slot.options[0]!.words[0]! : null;
      if (found.alternatives.length === 0 && typed !== null) {
        // a word being typed may start a synonym ("couc" → couch, sofa)
        const started = synonyms.startingWith(typed, 3);
        const again = started.length > 0 ? this.resolveSlot(this.withSynonyms(started, synonyms), stems) : "stop";
        if (again !== "stop") found = again;
      }
      if (found.alternatives.length === 0 && typed !== null && typed.length >= options.minFuzzyWord && !this.knows(typed) && !synonyms.knows(typed)) {
        // a word neither the catalogue nor the synonyms know: its closest words that they do know
        fuzzy = true;
        const candidates = [...this.closest(typed, options.correctionsPerWord), ...synonyms.closest(typed, options.correctionsPerWord)]
          .sort((a, b) => b.similarity - a.similarity)
          .slice(0, options.correctionsPerWord);
        if (candidates.length > 0) {
          const again = this.resolveSlot(this.withSynonyms(candidates.map((c) => c.word), synonyms), stems);
          if (again !== "stop") found = again;
          text = candidates[0]!.word;
          corrected = true;
        }
      }
      resolved.push(found);
      searched.push(text);
      if (index < query.headEnd) headEnd = resolved.length;
    });
    const correctedTerm = corrected ? searched.join(" ") : null;
    if (resolved.length === 0) return { ordinals: new Int32Array(0), fuzzy, corrected: correctedTerm, partial: false };

    // the kind the query names: the last slot before a qualifier ("for", "with") that names one
    let intent: number[] = [];
    for (let i = headEnd - 1; i >= 0 && intent.length === 0; i--) intent = resolved[i]!.kinds;
    const { ordinals, partial } = this.run(resolved, query.excluded, stems, options.maxMatches, intent);
    return { ordinals, fuzzy, corrected: correctedTerm, partial };
  }

  /** Words as slot options, each with what it also means. */
  private withSynonyms(words: string[], synonyms: Synonyms): SlotOption[] {
    return words.flatMap((w) => [{ words: [w], typed: false }, ...(synonyms.expansions([w]) ?? []).map((e) => ({ words: e, typed: false }))]);
  }

  /** Up to `limit` catalogue words closest to `word` by trigram similarity (≥ the pg_trgm threshold). */
  closestWords(word: string, limit: number): number[] {
    return this.closestIds(word, limit).map(({ id }) => id);
  }

  // -------------------------------------------------------------------------------------------

  private closestIds(word: string, limit: number) {
    return this.wordTrigrams.similar(word)
      .filter(({ id }) => this.wordLexemes[id]!.length > 0)
      .sort((a, b) => b.similarity - a.similarity || this.wordDocs[b.id]! - this.wordDocs[a.id]! || (this.words[a.id]! < this.words[b.id]! ? -1 : 1))
      .slice(0, limit);
  }

  private closest(word: string, limit: number): Array<{ word: string; similarity: number }> {
    return this.closestIds(word, limit).map(({ id, similarity }) => ({ word: this.words[id]!, similarity }));
  }

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
      if (this.words[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The word's lexemes: the catalogue's own for its words, else as PostgreSQL stems it ([] for a stop word). */
  private stemOf(word: string, stems: Map<string, string[]>): string[] {
    return this.lexemesOf(word) ?? stems.get(word) ?? englishLexemes(word) ?? [word];
  }

  /** Lexeme ids the word matches as a whole (its stem is a lexeme of some document). */
  private exactLexemes(word: string, stems: Map<string, string[]>): number[] {
    return this.stemOf(word, stems).map((l) => this.lexemeIds.get(l)).filter((id): id is number => id !== undefined);
  }

  /** Lexeme ids of every catalogue word that starts with `prefix` (and is not a stop word). */
  private prefixLexemes(prefix: string): number[] {
    const out = new Set<number>();
    for (let w = this.lowerBound(prefix); w < this.words.length && this.words[w]!.startsWith(prefix); w++) {
      for (const id of this.wordLexemes[w]!) out.add(id);
    }
    return [...out];
  }

  /** A slot's options as lexeme lists, and the kinds they name; "stop" when they are stop words only. */
  private resolveSlot(options: SlotOption[], stems: Map<string, string[]>): ResolvedSlot | "stop" {
    const alternatives: Alternative[] = [];
    const kinds = new Set<number>();
    let stopWordsOnly = true;
    for (const option of options) {
      if (option.measure) {
        stopWordsOnly = false;
        const exact = this.lexemeIds.get(option.measure.exact);
        if (exact !== undefined) alternatives.push({ lists: [[exact]], factor: EXACT_FACTOR });
        const about = option.measure.about === null ? undefined : this.lexemeIds.get(option.measure.about);
        if (about !== undefined) alternatives.push({ lists: [[about]], factor: 1 });
        continue;
      }
      const words = option.words.filter((w) => this.stemOf(w, stems).length > 0);
      if (words.length === 0) continue; // stop words
      stopWordsOnly = false;
      const head = this.stemOf(words[words.length - 1]!, stems)[0];
      const kind = head === undefined ? undefined : this.kindIds.get(kindKey(head));
      if (kind !== undefined) kinds.add(kind);
      const lists = words.map((w) => this.exactLexemes(w, stems));
      const exact = lists.every((l) => l.length > 0);
      if (exact) alternatives.push({ lists, factor: EXACT_FACTOR });
      if (option.typed && words.length === 1) {
        // the word's own lexemes score more as exact matches: scanning them again here changes nothing
        const own = exact ? lists[0]! : [];
        const prefixed = this.prefixLexemes(words[0]!).filter((id) => !own.includes(id));
        if (prefixed.length > 0) alternatives.push({ lists: [prefixed], factor: 1 });
      }
    }
    if (stopWordsOnly) return "stop";
    return { alternatives, kinds: [...kinds] };
  }

  /**
   * Documents matching every slot (any alternative of it) and no excluded word; when there are
   * none, those matching most slots (at least half). Ranked by slots matched, then the kind the
   * query names, text score, popularity, catalogue position (ordinal).
   */
  private run(slots: ResolvedSlot[], excluded: string[], stems: Map<string, string[]>, maxMatches: number, intent: number[]) {
    const { mask, score, best, sub, candidates } = this;
    let found = 0;
    for (let g = 0; g < slots.length; g++) {
      const bit = 1 << g;
      for (const alternative of slots[g]!.alternatives) {
        const factor = alternative.factor;
        if (alternative.lists.length === 1) {
          for (const id of alternative.lists[0]!) {
            const docs = this.postings[id]!;
            const weights = this.weights[id]!;
            for (let k = 0; k < docs.length; k++) {
              const doc = docs[k]!;
              const s = weights[k]! * factor;
              const m = mask[doc]!;
              if ((m & bit) === 0) {
                if (m === 0) candidates[found++] = doc;
                mask[doc] = m | bit;
                best[doc] = s;
                score[doc] += s;
              } else if (s > best[doc]!) {
                score[doc] += s - best[doc]!;
                best[doc] = s;
              }
            }
          }
        } else {
          // several words that must all be there ("washing machine"): count them per document
          const touched: number[] = [];
          const last = alternative.lists.length;
          alternative.lists.forEach((ids, j) => {
            for (const id of ids) {
              for (const doc of this.postings[id]!) {
                if (sub[doc] !== j) continue;
                if (j === 0) touched.push(doc);
                sub[doc] = j + 1;
              }
            }
          });
          for (const doc of touched) {
            if (sub[doc] === last) {
              const s = WEIGHT_A * factor;
              const m = mask[doc]!;
              if ((m & bit) === 0) {
                if (m === 0) candidates[found++] = doc;
                mask[doc] = m | bit;
                best[doc] = s;
                score[doc] += s;
              } else if (s > best[doc]!) {
                score[doc] += s - best[doc]!;
                best[doc] = s;
              }
            }
            sub[doc] = 0;
          }
        }
      }
    }
    for (const word of excluded) {
      for (const id of this.exactLexemes(word, stems)) for (const doc of this.postings[id]!) if (mask[doc] !== 0) mask[doc] = 0;
    }
    const full = slots.length;
    let complete = false;
    for (let i = 0; i < found; i++) {
      if (POPCOUNT[mask[candidates[i]!]!] === full) {
        complete = true;
        break;
      }
    }
    const need = complete ? full : Math.max(1, Math.ceil(full / 2));
    const { kindFlags, keys, popularityRank, kindStart, kinds } = this;
    for (const k of intent) kindFlags[k] = 1;
    let count = 0;
    for (let i = 0; i < found; i++) {
      const doc = candidates[i]!;
      const matched = POPCOUNT[mask[doc]!]!;
      if (matched >= need && matched > 0) {
        let named = 0;
        if (intent.length > 0) for (let k = kindStart[doc]!; k < kindStart[doc + 1]!; k++) if (kindFlags[kinds[k]!] === 1) named = 1;
        const text = Math.min(TEXT_LIMIT, Math.round(score[doc]! * 100));
        keys[count++] = ((matched * 2 + named) * (TEXT_LIMIT + 1) + text) * RANK_BITS + popularityRank[doc]!;
      }
      mask[doc] = 0;
      score[doc] = 0;
      best[doc] = 0;
    }
    for (const k of intent) kindFlags[k] = 0;
    const cap = Math.min(count, complete ? maxMatches : Math.min(maxMatches, MAX_PARTIAL_MATCHES));
    // the best `cap` keys, ascending (native numeric sort, or a bounded heap when few of many are kept)
    const top = cap * 8 < count ? topKeys(keys, count, cap) : keys.subarray(0, count).sort().subarray(count - cap);
    const ordinals = new Int32Array(cap);
    // the rank is the key's low bits (not `%`: on doubles that is a call to fmod)
    for (let i = 0; i < cap; i++) {
      const key = top[cap - 1 - i]!;
      ordinals[i] = this.byRank[key - Math.floor(key / RANK_BITS) * RANK_BITS]!;
    }
    return { ordinals, partial: !complete && count > 0 };
  }
}
