import { createHash } from "node:crypto";
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
import { SearchTerms } from "./search-terms";
import { englishLexemes } from "./stem";
import { parseQuery } from "./text-index";

export const SEARCH_TERM_INVALID = `The search term must be 1 to ${MAX_SEARCH_TERM} characters.`;

/** Most matches a term keeps (ranked); more than a shopper pages through. */
const MAX_MATCHES = 5_000;
/** Closest catalogue words tried for a mistyped word (trigram similarity, best first). */
const CORRECTIONS_PER_WORD = 2;
/** Words shorter than this are not corrected: trigram similarity means little for them. */
const MIN_FUZZY_WORD = 3;
const MAX_WORDS = 8;
/** Suggestions answered from memory are kept this long: a newly logged search shows within it. */
const SUGGESTION_TTL_MS = 2_000;
/** Distinct shoppers (client addresses) who must have searched a term before it is suggested. */
export const DEFAULT_SUGGEST_AFTER_SHOPPERS = 3;

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
 * Search: the text match runs on the catalogue model's full-text index (PostgreSQL's tsvector of
 * each product, matched in memory: stemmed words, word starts, and trigram typo tolerance when
 * nothing matches as typed); SKU and model numbers match exactly and rank first. The ranked ids
 * of a term are kept per catalogue version; filters, facet counts, sorting and paging then run in
 * the in-memory catalogue engine.
 */
export class SearchService {
  private readonly matches = new Lru<Matches>(1_000, { maxSize: 20_000_000, sizeOf: (m) => m.ordinals.length + 16 });
  private readonly suggestions = new Lru<string>(1_000, { ttlMs: SUGGESTION_TTL_MS });
  private readonly stemCache = new Lru<string[]>(50_000);
  private readonly searchTerms: SearchTerms;

  constructor(private readonly db: Db, private readonly catalog: CatalogService, options: { suggestAfterShoppers?: number } = {}) {
    this.searchTerms = new SearchTerms(db, options.suggestAfterShoppers ?? DEFAULT_SUGGEST_AFTER_SHOPPERS);
  }

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
    const searches = await this.searchTerms.suggest(term, SUGGESTED_SEARCHES);
    const json = `${JSON.stringify({ term, searches, categories }).slice(0, -1)},"products":[${outcome.page.map((p) => model.suggestions[p]).join(",")}]}`;
    this.suggestions.set(key, json);
    return json;
  }

  // -------------------------------------------------------------------------------------------
  // PUT /elasticsearch/log/query

  /**
   * Logs a search with the number of products it really finds (searched again here: the in-memory
   * index answers in microseconds and remembers the term; what the client claims is not stored).
   * `client` is the shopper's address: a term becomes a suggestion once enough distinct clients
   * found something with it (the search_terms trigger counts them), so one visitor cannot plant one.
   */
  async logQuery(body: LogQueryRequest, sessionId: string | null, client: string, config: SiteConfig): Promise<{ history_id: string }> {
    const query = normalizeTerm(body.query);
    const resultSize = await this.resultSize(query, config);
    const [row] = await this.db
      .insert(schema.searchQueries)
      .values({ query, resultSize, sessionId, client: createHash("sha256").update(client).digest("base64url") })
      .returning({ historyId: schema.searchQueries.historyId });
    return { history_id: String(row!.historyId) };
  }

  /** Products a search page lists for the term (a configured redirect lists none). */
  private async resultSize(term: string, config: SiteConfig): Promise<number> {
    const model = await this.catalog.current(config);
    if (model.redirects.has(term.toLowerCase())) return 0;
    const { ordinals } = await this.match(model, term);
    const visMask = visMaskOf(SEARCH_VISIBILITY);
    let total = 0;
    for (const p of ordinals) if (((visMask >>> model.visibility[p]!) & 1) === 1) total++;
    return total;
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
    const ordinals: number[] = [];
    const seen = new Set<number>();
    const add = (ordinal: number) => {
      if (!seen.has(ordinal)) {
        seen.add(ordinal);
        ordinals.push(ordinal);
      }
    };
    // an exact SKU or model number ranks first
    for (const key of new Set([lower, lower.replace(/[\s-]/g, "")])) for (const o of model.skuIndex.get(key) ?? []) add(o);

    const query = parseQuery(term, MAX_WORDS);
    const stems = await this.stems([...query.clauses.flat(), ...query.excluded].filter((word) => !model.text.knows(word)));
    const text = model.text.match(query, stems, { maxMatches: MAX_MATCHES, minFuzzyWord: MIN_FUZZY_WORD, correctionsPerWord: CORRECTIONS_PER_WORD });
    // a SKU hit answers the term as typed: no typo-corrected guesses behind it
    if (text.fuzzy && ordinals.length > 0) return { ordinals: Int32Array.from(ordinals), fuzzy: false };
    for (const o of text.ordinals) add(o);
    return { ordinals: Int32Array.from(ordinals), fuzzy: text.fuzzy };
  }

  /**
   * PostgreSQL's lexemes for words the catalogue does not have ([] for a stop word), so a query
   * word is stemmed exactly as the documents were ("fridges" finds "fridge"): in process for
   * ASCII words (stem.ts), from PostgreSQL for any other, kept per word.
   */
  private async stems(words: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const missing: string[] = [];
    for (const word of new Set(words)) {
      const known = englishLexemes(word) ?? this.stemCache.get(word);
      if (known) out.set(word, known);
      else missing.push(word);
    }
    if (missing.length > 0) {
      const found = await rows<{ word: string; lexemes: string[] }>(this.db, sql`
        SELECT w.word, tsvector_to_array(to_tsvector('english', w.word)) AS lexemes
        FROM unnest(${sql.param(missing)}::text[]) AS w(word)`);
      for (const r of found) {
        this.stemCache.set(r.word, r.lexemes);
        out.set(r.word, r.lexemes);
      }
    }
    return out;
  }
}
