/**
 * pg_trgm's trigram similarity, in memory: the same trigrams (each word lower-cased and padded with
 * two blanks in front and one behind) and the same measure (shared / (a + b - shared)), so a word
 * or query matched here matches as `similarity()` would in PostgreSQL (tested against it).
 */

/** pg_trgm's default similarity threshold (the `%` operator). */
export const TRIGRAM_THRESHOLD = 0.3;

/** The distinct trigrams of a text, word by word, as pg_trgm's show_trgm() makes them. */
export function trigrams(text: string): string[] {
  const out = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return [...out];
}

/** Texts numbered 0..n-1, found again by trigram similarity to a query text. */
export class TrigramIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly sizes: number[] = [];
  /** scratch: shared trigrams per text during one lookup */
  private shared = new Uint16Array(0);

  /** Adds the next text (its number is the count of texts added before it). */
  add(text: string): number {
    const id = this.sizes.length;
    const grams = trigrams(text);
    this.sizes.push(grams.length);
    for (const g of grams) {
      const list = this.postings.get(g);
      if (list) list.push(id);
      else this.postings.set(g, [id]);
    }
    return id;
  }

  /** Texts at least `threshold` similar to `text`, with their similarity, in no particular order. */
  similar(text: string, threshold = TRIGRAM_THRESHOLD): Array<{ id: number; similarity: number }> {
    if (this.shared.length < this.sizes.length) this.shared = new Uint16Array(this.sizes.length * 2);
    const grams = trigrams(text);
    const touched: number[] = [];
    for (const g of grams) {
      for (const id of this.postings.get(g) ?? []) {
        if (this.shared[id] === 0) touched.push(id);
        this.shared[id]++;
      }
    }
    const out: Array<{ id: number; similarity: number }> = [];
    for (const id of touched) {
      const shared = this.shared[id];
      this.shared[id] = 0;
      const similarity = shared / (grams.length + this.sizes[id] - shared);
      if (similarity >= threshold) out.push({ id, similarity });
    }
    return out;
  }
}
