import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { TrigramIndex } from "./trigrams";

/** How often (ms) the table is asked for terms changed since the last look. */
const CHECK_MS = 1_000;
/** A change committed late can carry an earlier time stamp: each look re-reads this much (ms) before the newest seen. */
const OVERLAP_MS = 10_000;
/** Terms held at most (the most searched first); rarer ones are not worth suggesting. */
const MAX_TERMS = 200_000;
/** Similarity a mistyped term needs to an earlier search to suggest it. */
const SIMILAR = 0.4;

interface Term {
  query: string;
  count: number;
}

/** Most frequent first, then alphabetical. */
const before = (a: Term, b: Term) => a.count > b.count || (a.count === b.count && a.query < b.query);

/**
 * Earlier successful searches (the search_terms table) in memory, for suggestions while typing,
 * once enough distinct shoppers have searched them:
 * those starting with the typed text or close to it by trigram similarity, most frequent first.
 * Each process reads only the rows changed since it last looked (at most once a second), so a
 * logged search shows in suggestions everywhere within about a second.
 */
export class SearchTerms {
  private terms: Term[] = [];
  private byQuery = new Map<string, number>();
  /** ids in query order, for prefix lookups */
  private sorted: number[] = [];
  private trigrams = new TrigramIndex();
  private newest = -Infinity;
  private checkedAt = 0;
  private pending: Promise<void> | null = null;
  private topKept: { limit: number; at: number; terms: Term[] } | null = null;

  /** @param minShoppers distinct shoppers a term needs before it is suggested (one visitor cannot plant a suggestion) */
  constructor(private readonly db: Db, private readonly minShoppers: number) {}

  /** Up to `limit` earlier searches starting with or close to `text`, most frequent first. */
  async suggest(text: string, limit: number): Promise<Term[]> {
    await this.refresh();
    if (limit <= 0) return [];
    const lower = text.toLowerCase();
    const found = new Set<number>();
    const sorted = this.sorted;
    for (let i = this.lowerBound(sorted, lower); i < sorted.length && this.terms[sorted[i]].query.startsWith(lower); i++) found.add(sorted[i]);
    for (const { id } of this.trigrams.similar(lower, SIMILAR)) found.add(id);
    // the best `limit` by insertion: a one-letter prefix may match most of the terms held
    const best: Term[] = [];
    for (const id of found) {
      const term = this.terms[id];
      if (best.length === limit && !before(term, best[limit - 1]!)) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && before(term, best[at - 1]!)) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = term;
    }
    return best.slice(0, limit).map((t) => ({ ...t }));
  }

  /** The `limit` most searched terms (kept until the terms are next read). */
  async top(limit: number): Promise<Term[]> {
    await this.refresh();
    if (this.topKept && this.topKept.limit === limit && this.topKept.at === this.checkedAt) return this.topKept.terms.map((t) => ({ ...t }));
    const best: Term[] = [];
    for (const term of this.terms) {
      if (best.length === limit && !before(term, best[limit - 1]!)) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && before(term, best[at - 1]!)) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = term;
    }
    this.topKept = { limit, at: this.checkedAt, terms: best.map((t) => ({ ...t })) };
    return best.map((t) => ({ ...t }));
  }

  private refresh(): Promise<void> {
    if (Date.now() - this.checkedAt < CHECK_MS) return Promise.resolve();
    this.pending ??= this.load().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async load(): Promise<void> {
    const first = this.newest === -Infinity;
    const since = first ? null : new Date(this.newest - OVERLAP_MS).toISOString();
    const result = await this.db.execute(first
      ? sql`SELECT query, count, (extract(epoch FROM last_searched_at) * 1000)::float8 AS at FROM search_terms WHERE shoppers >= ${this.minShoppers} ORDER BY count DESC LIMIT ${MAX_TERMS}`
      : sql`SELECT query, count, (extract(epoch FROM last_searched_at) * 1000)::float8 AS at FROM search_terms WHERE last_searched_at >= ${since}::timestamptz AND shoppers >= ${this.minShoppers}`);
    const rows = (result as unknown as { rows: Array<{ query: string; count: number; at: number }> }).rows;
    for (const row of rows) {
      this.newest = Math.max(this.newest, row.at);
      const id = this.byQuery.get(row.query);
      if (id !== undefined) {
        this.terms[id].count = row.count;
      } else if (this.terms.length < MAX_TERMS) {
        const added = this.terms.length;
        this.byQuery.set(row.query, added);
        this.terms.push({ query: row.query, count: row.count });
        this.trigrams.add(row.query);
        if (!first) this.sorted.splice(this.lowerBound(this.sorted, row.query), 0, added);
      }
    }
    if (first) {
      this.sorted = this.terms.map((_, id) => id).sort((a, b) => (this.terms[a].query < this.terms[b].query ? -1 : 1));
      if (rows.length === 0) this.newest = 0;
    }
    this.checkedAt = Date.now();
  }

  private lowerBound(sorted: number[], text: string): number {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[sorted[mid]].query < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
