import { findMeasures, aboutToken, measureToken } from "./measures";
import { NO_SYNONYMS, type Synonyms } from "./synonyms";

/**
 * A search term read the way the engine matches it: websearch syntax (`or` joins words, `-word`
 * excludes), sizes as one measure each ("65 inch" → `in:65`), and the store's synonyms (a word or
 * phrase with synonyms becomes one slot that any of them fills). Every slot must match, or, when no
 * product has them all, most of them (text-index.ts).
 */

export interface SlotOption {
  /** words that must all be in a document (one for a plain word) */
  words: string[];
  /** the shopper's own word: word starts match too, and it is corrected when the store does not know it */
  typed: boolean;
  /** a size: its measure token, and the "about" token a whole number also matches */
  measure?: { exact: string; about: string | null };
}

export interface QuerySlot {
  options: SlotOption[];
  /** the slot as typed, lower case */
  text: string;
}

export interface AnalyzedQuery {
  slots: QuerySlot[];
  excluded: string[];
  /** slots from this one on follow "for" or "with": they qualify the product the slots before name */
  headEnd: number;
}

/** Words after which the term describes what the product is for or has, not what it is. */
const QUALIFIERS = new Set(["for", "with"]);
const PLACEHOLDER = /^\u0001(\d+)$/;

interface Group {
  words: string[];
  measure?: { unit: string; exact: string; about: string | null; text: string };
}

export function analyzeQuery(term: string, maxWords: number, synonyms: Synonyms = NO_SYNONYMS): AnalyzedQuery {
  const lower = term.toLowerCase();
  // sizes first: "65 in" is one size, not the words "65" and "in"
  const measures = findMeasures(lower);
  let text = "";
  let from = 0;
  measures.forEach((m, i) => {
    text += `${lower.slice(from, m.start)} \u0001${i} `;
    from = m.end;
  });
  text += lower.slice(from);

  const groups: Group[] = [];
  const excluded: string[] = [];
  let joinNext = false;
  let count = 0;
  let headGroup = -1;
  for (const token of text.split(/\s+/)) {
    if (!token) continue;
    const placeholder = PLACEHOLDER.exec(token);
    if (placeholder) {
      if (count++ >= maxWords) break;
      const m = measures[Number(placeholder[1])]!;
      groups.push({
        words: [],
        measure: { unit: m.unit, exact: measureToken(m.unit, m.value), about: m.decimal ? null : aboutToken(m.unit, m.value), text: lower.slice(m.start, m.end) },
      });
      joinNext = false;
      continue;
    }
    if (token === "or" && groups.length > 0) {
      joinNext = true;
      continue;
    }
    const negated = token.length > 1 && token.startsWith("-");
    for (const word of token.match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (count++ >= maxWords) break;
      if (negated) excluded.push(word);
      else if (QUALIFIERS.has(word) && !joinNext && groups.length > 0) {
        if (headGroup < 0) headGroup = groups.length;
      } else if (joinNext && !groups[groups.length - 1]!.measure) groups[groups.length - 1]!.words.push(word);
      else groups.push({ words: [word] });
      joinNext = false;
    }
  }

  const slots: QuerySlot[] = [];
  let headEnd = -1;
  for (let i = 0; i < groups.length;) {
    if (i === headGroup) headEnd = slots.length;
    const group = groups[i]!;
    if (group.measure) {
      slots.push({ options: [{ words: [], typed: false, measure: { exact: group.measure.exact, about: group.measure.about } }], text: group.measure.text });
      i++;
      continue;
    }
    // the longest synonym phrase starting here ("washing machine"), within the part before a qualifier
    let phrase = 0;
    let phraseOptions: SlotOption[] = [];
    const end = headGroup > i ? headGroup : groups.length;
    for (let len = Math.min(synonyms.longest, end - i); len >= 2 && phrase === 0; len--) {
      const span = groups.slice(i, i + len);
      if (span.some((g) => g.measure || g.words.length !== 1)) continue;
      const words = span.map((g) => g.words[0]!);
      const expansions = synonyms.expansions(words);
      if (expansions) {
        phrase = len;
        phraseOptions = [{ words, typed: false }, ...expansions.map((e) => ({ words: e, typed: false }))];
      }
    }
    if (phrase > 0) {
      slots.push({ options: phraseOptions, text: phraseOptions[0]!.words.join(" ") });
      i += phrase;
      continue;
    }
    const options: SlotOption[] = [];
    for (const word of group.words) {
      options.push({ words: [word], typed: true });
      for (const e of synonyms.expansions([word]) ?? []) options.push({ words: e, typed: false });
    }
    slots.push({ options, text: group.words.join(" or ") });
    i++;
  }
  return { slots, excluded, headEnd: headEnd < 0 ? slots.length : headEnd };
}

/** Every word the query may look up (typed, synonyms and excluded), for stemming. */
export function queryWords(query: AnalyzedQuery): string[] {
  const out = new Set<string>(query.excluded);
  for (const slot of query.slots) for (const option of slot.options) for (const w of option.words) out.add(w);
  return [...out];
}
