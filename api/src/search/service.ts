import { sql, type SQL } from "drizzle-orm";
import {
  MAX_LISTING_LIMIT, MAX_SEARCH_TERM, SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS, SUGGESTED_SEARCHES,
  type LogQueryRequest, type SiteConfig,
} from "@store/contract";
import { schema, type Db } from "../db/client";
import { badRequest } from "../http/errors";
import type { CatalogService } from "../catalog/service";
import { SEARCH_VISIBILITY, visMaskOf, type CatalogModel } from "../catalog/index-model";
import {
  SEARCH_SORT_OPTIONS, answerJson, listingFields, pageLimit, resolveFilters, resolveSort, resolveVisibility, structuredData,
} from "../catalog/listing";
import { parseListingParams } from "../catalog/query";
import { Lru } from "../lib/lru";

export const SEARCH_TERM_INVALID = `The search term must be 1 to ${MAX_SEARCH_TERM} characters.`;

/** Most matches a term keeps (ranked); more than a shopper pages through. */
const MAX_MATCHES = 5_000;
/** Closest lexicon words tried for a mistyped word (pg_trgm similarity, best first). */
const CORRECTIONS_PER_WORD = 2;
/** Seconds a stale lexicon is still used before it is rebuilt. */
const LEXICON_MAX_AGE_S = 60;
/** Words shorter than this are not corrected: trigram similarity means little for them. */
const MIN_FUZZY_WORD = 3;
const MAX_WORDS = 8;
const SUGGESTION_TTL_MS = 30_000;

interface Matches {
  /** ordinals of the model, best first */
  ordinals: Int32Array;
  /** true when nothing matched as typed and the typo-tolerant match answered */
  fuzzy: boolean;
}

/** Trimmed, inner whitespace collapsed, 1..100 characters; else a 400. */
export function normalizeTerm(raw: string): string {
  const term = raw.replace(/\s+/g, " ").trim();
  if (term.length < 1 || term.length > MAX_SEARCH_TERM) throw badRequest(SEARCH_TERM_INVALID);
  return term;
}

async function rows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Search: the text match runs in PostgreSQL (full text over search_vector, prefix matching, and
 * pg_trgm typo tolerance when nothing matches as typed); SKU and model numbers match exactly, in
 * memory, and rank first; a mistyped word is corrected against a lexicon of the catalogue's words
 * with pg_trgm before matching again. The ranked ids of a term are kept per catalogue version; filters, facet
 * counts, sorting and paging then run in the in-memory catalogue engine.
 */
export class SearchService {
  private readonly matches = new Lru<Matches>(1_000, { maxSize: 20_000_000, sizeOf: (m) => m.ordinals.length + 16 });
  private readonly suggestions = new Lru<string>(1_000, { ttlMs: SUGGESTION_TTL_MS });
  /** catalogue version the lexicon was last seen fresh for */
  private lexiconFresh = -1;

  constructor(private readonly db: Db, private readonly catalog: CatalogService) {}

  // -------------------------------------------------------------------------------------------
  // GET /search/{term}

  async search(rawTerm: string, query: Record<string, unknown>, url: string, config: SiteConfig): Promise<string> {
    const term = normalizeTerm(rawTerm);
    const model = await this.catalog.current(config);
    return this.catalog.cached(model, config, url, async () => {
      const params = parseListingParams(query, { embeds: ["products"], maxLimit: MAX_LISTING_LIMIT });
      const visibility = resolveVisibility(params, SEARCH_VISIBILITY, "search");
      const groups = resolveFilters(model, params.filters);
      const sort = resolveSort(params, "relevance", true);
      const limit = pageLimit(params, config, null, MAX_LISTING_LIMIT);
      const offset = (params.page - 1) * limit;
      const redirect = model.redirects.get(term.toLowerCase()) ?? null;
      const found: Matches = redirect ? { ordinals: new Int32Array(0), fuzzy: false } : await this.match(model, term);
      const outcome = model.run({
        base: found.ordinals, visMask: visMaskOf(visibility), groups, sort: sort.code, dir: sort.dir, offset, limit, categoryFacetParent: -1,
        baseKey: redirect ? undefined : `search:${term.toLowerCase()}`,
      });
      const head = {
        term,
        redirect,
        fuzzy: found.fuzzy,
        ...listingFields(model, outcome, {
          page: params.page, limit, sort, defaultSort: "relevance", sortOptions: SEARCH_SORT_OPTIONS, filtered: groups.length > 0,
        }),
        structured_data: structuredData(model, config.base_url, `Search results for ${term}`, [], outcome.page, offset, outcome.total),
      };
      return answerJson(head, outcome.filters, params.embed.has("products") ? outcome.page.map((p) => model.items[p]) : null);
    });
  }

  // -------------------------------------------------------------------------------------------
  // GET /search/{term}/autocomplete

  async autocomplete(rawTerm: string, config: SiteConfig): Promise<string> {
    const term = normalizeTerm(rawTerm);
    const model = await this.catalog.current(config);
    const key = `${model.version}|${term.toLowerCase()}`;
    const hit = this.suggestions.get(key);
    if (hit !== undefined) return hit;

    const found = await this.match(model, term);
    const outcome = model.run({
      base: found.ordinals, visMask: visMaskOf(SEARCH_VISIBILITY), groups: [], sort: "relevance", dir: "desc",
      offset: 0, limit: SUGGESTED_PRODUCTS, categoryFacetParent: null, countAllCategories: true,
    });
    const counts = outcome.categoryCounts!;
    const categories = model.categories
      .filter((c) => c.level >= 2 && counts[c.index] > 0)
      .sort((a, b) => counts[b.index] - counts[a.index] || a.level - b.level || a.position - b.position || a.id - b.id)
      .slice(0, SUGGESTED_CATEGORIES)
      .map((c) => ({ entity_id: String(c.id), name: c.name, url_key: c.urlKey, product_count: counts[c.index] }));
    const searches = await this.suggestedSearches(term);
    const json = `${JSON.stringify({ term, searches, categories }).slice(0, -1)},"products":[${outcome.page.map((p) => model.suggestions[p]).join(",")}]}`;
    this.suggestions.set(key, json);
    return json;
  }

  /** Earlier searches that found something, starting with or close to the term, most frequent first. */
  private async suggestedSearches(term: string): Promise<Array<{ query: string; count: number }>> {
    const lower = term.toLowerCase();
    const prefix = `${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // search_terms holds one row per distinct successful query (trigger-maintained), trigram-indexed
    return rows<{ query: string; count: number }>(this.db, sql`
      SELECT query, count FROM search_terms
      WHERE query LIKE ${prefix} OR (query % ${lower} AND similarity(query, ${lower}) >= 0.4)
      ORDER BY count DESC, query
      LIMIT ${SUGGESTED_SEARCHES}`);
  }

  // -------------------------------------------------------------------------------------------
  // PUT /elasticsearch/log/query

  async logQuery(body: LogQueryRequest, sessionId: string | null): Promise<{ history_id: string }> {
    const [row] = await this.db
      .insert(schema.searchQueries)
      .values({ query: body.query.replace(/\s+/g, " ").trim(), resultSize: body.result_size, sessionId })
      .returning({ historyId: schema.searchQueries.historyId });
    return { history_id: String(row!.historyId) };
  }

  // -------------------------------------------------------------------------------------------
  // matching

  /** The term's matches, ranked; kept per catalogue version. */
  async match(model: CatalogModel, term: string): Promise<Matches> {
    const key = `${model.version}|${term.toLowerCase()}`;
    const hit = this.matches.get(key);
    if (hit) return hit;
    const found = await this.runMatch(model, term);
    this.matches.set(key, found);
    return found;
  }

  private async runMatch(model: CatalogModel, term: string): Promise<Matches> {
    const lower = term.toLowerCase();
    const words = [...new Set(lower.match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
    const ordinals: number[] = [];
    const seen = new Set<number>();
    const add = (ordinal: number | undefined) => {
      if (ordinal !== undefined && !seen.has(ordinal)) {
        seen.add(ordinal);
        ordinals.push(ordinal);
      }
    };
    // an exact SKU or model number ranks first
    for (const key of new Set([lower, lower.replace(/[\s-]/g, "")])) for (const o of model.skuIndex.get(key) ?? []) add(o);

    if (words.length > 0) {
      const prefix = words.map((w) => `${w}:*`).join(" & ");
      const strict = await rows<{ id: number }>(this.db, sql`
        SELECT p.entity_id AS id
        FROM products p, websearch_to_tsquery('english', ${term}) ws, to_tsquery('english', ${prefix}) px
        WHERE p.status = 1 AND p.visibility IN (3, 4) AND (p.search_vector @@ ws OR p.search_vector @@ px)
        ORDER BY ts_rank_cd(p.search_vector, ws, 32) * 2 + ts_rank_cd(p.search_vector, px, 32) DESC, p.position, p.entity_id
        LIMIT ${MAX_MATCHES}`);
      for (const r of strict) add(model.ordinalById.get(r.id));
    }
    if (ordinals.length > 0 || !words.some((w) => w.length >= MIN_FUZZY_WORD)) return { ordinals: Int32Array.from(ordinals), fuzzy: false };

    // nothing as typed: correct each word to the closest words products have, then match again
    const corrected = await this.correct(term, model.version);
    if (!corrected) return { ordinals: Int32Array.from(ordinals), fuzzy: true };
    const fuzzy = await rows<{ id: number }>(this.db, sql`
      SELECT p.entity_id AS id
      FROM products p, to_tsquery('simple', ${corrected}) q
      WHERE p.status = 1 AND p.visibility IN (3, 4) AND p.search_vector @@ q
      ORDER BY ts_rank_cd(p.search_vector, q, 32) DESC, p.position, p.entity_id
      LIMIT ${MAX_MATCHES}`);
    for (const r of fuzzy) add(model.ordinalById.get(r.id));
    return { ordinals: Int32Array.from(ordinals), fuzzy: true };
  }

  /**
   * The term as a tsquery of lexemes, each word either known to the lexicon or replaced by its
   * closest lexicon entries (pg_trgm similarity); null when a word has nothing close.
   */
  private async correct(term: string, version: number): Promise<string | null> {
    await this.ensureLexicon(version);
    const found = await rows<{ lexeme: string; known: boolean; close: string[] }>(this.db, sql`
      SELECT l.lexeme,
        EXISTS (SELECT 1 FROM search_lexicon s WHERE s.word = l.lexeme) AS known,
        ARRAY(SELECT s.word FROM search_lexicon s WHERE length(l.lexeme) >= ${MIN_FUZZY_WORD} AND s.word % l.lexeme
          ORDER BY similarity(s.word, l.lexeme) DESC, s.ndoc DESC, s.word LIMIT ${CORRECTIONS_PER_WORD}) AS close
      FROM unnest(tsvector_to_array(to_tsvector('english', ${term}))) AS l(lexeme)`);
    if (found.length === 0) return null;
    const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
    const parts: string[] = [];
    for (const word of found) {
      if (word.known) parts.push(quote(word.lexeme));
      else if (word.close.length > 0) parts.push(`(${word.close.map(quote).join(" | ")})`);
      else return null;
    }
    return parts.join(" & ");
  }

  /**
   * Rebuilds the lexicon when the catalogue changed since it was built, at most once a minute
   * (a slightly stale word list is harmless for typo correction). Row 2 of catalog_version holds
   * the catalogue version it was built from; its row lock keeps processes from rebuilding twice.
   */
  private async ensureLexicon(version: number): Promise<void> {
    if (this.lexiconFresh === version) return;
    const fresh = await this.db.transaction(async (tx) => {
      const [built] = await rows<{ version: number; age: number }>(tx, sql`
        SELECT version::float8 AS version, extract(epoch FROM now() - changed_at)::float8 AS age FROM catalog_version WHERE id = 2 FOR UPDATE`);
      const [current] = await rows<{ version: number }>(tx, sql`SELECT version::float8 AS version FROM catalog_version WHERE id = 1`);
      const now = current?.version ?? 0;
      if (built && built.version === now) return now;
      if (built && built.version > 0 && built.age < LEXICON_MAX_AGE_S) return null;
      await tx.execute(sql`REFRESH MATERIALIZED VIEW search_lexicon`);
      await tx.execute(sql`INSERT INTO catalog_version (id, version, changed_at) VALUES (2, ${now}, now())
        ON CONFLICT (id) DO UPDATE SET version = excluded.version, changed_at = excluded.changed_at`);
      return now;
    });
    if (fresh !== null && fresh === version) this.lexiconFresh = version;
  }
}
