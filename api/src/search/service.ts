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
import { SeenKeys } from "../lib/seen";
import { SearchTerms } from "./search-terms";
import { englishLexemes } from "./stem";
import { analyzeQuery, queryWords, type AnalyzedQuery } from "./analyze";

export const SEARCH_TERM_INVALID = `The search term must be 1 to ${MAX_SEARCH_TERM} characters.`;

/** Most matches a term keeps (ranked); more than a shopper pages through. */
const MAX_MATCHES = 5_000;
/** Closest catalogue words tried for a mistyped word (trigram similarity, best first). */
const CORRECTIONS_PER_WORD = 2;
/** Words shorter than this are not corrected: trigram similarity means little for them. */
const MIN_FUZZY_WORD = 3;
const MAX_WORDS = 8;
/** How often (ms) units ordered per product are read again for popularity (off the request path). */
const POPULARITY_REFRESH_MS = 60_000;
/** Orders younger than this count towards popularity. */
const POPULARITY_DAYS = 90;
/** What the zero-results page offers: earlier searches, top categories, products for its carousel. */
const ZERO_RESULT_SEARCHES = 6;
const ZERO_RESULT_CATEGORIES = 6;
const ZERO_RESULT_PRODUCTS = 8;
/** Suggestions answered from memory are kept this long: a newly logged search shows within it. */
const SUGGESTION_TTL_MS = 2_000;
/** Distinct search URLs remembered (at least) to tell a repeated search from a new one. */
const SEARCH_URLS_REMEMBERED = 4_096;
/** Distinct shoppers (client addresses) who must have searched a term before it is suggested. */
export const DEFAULT_SUGGEST_AFTER_SHOPPERS = 3;

interface Matches {
  /** ordinals of the model, best first */
  ordinals: Int32Array;
  /** true when a word the store does not know was replaced by the closest words it knows */
  fuzzy: boolean;
  /** the term as searched after corrections, or null */
  corrected: string | null;
  /** true when no product has every word and those with most of them answer */
  partial: boolean;
}

/** Trimmed, inner whitespace collapsed, 1..100 characters; else a 400. */
export function normalizeTerm(raw: string): string {
  const term = raw.replace(/\s+/g, " ").trim();
  if (term.length < 1 || term.length > MAX_SEARCH_TERM) throw badRequest(SEARCH_TERM_INVALID);
  return term;
}

/** The term with each synonym slot written as each thing it also means ("fridge" → "refrigerator"), at most three. */
function synonymVariants(query: AnalyzedQuery): string[] {
  const out: string[] = [];
  query.slots.forEach((slot, i) => {
    for (const option of slot.options.slice(1)) {
      if (out.length >= 3 || option.words.length === 0) continue;
      out.push(query.slots.map((s, j) => (j === i ? option.words.join(" ") : s.text)).join(" "));
    }
  });
  return out;
}

async function rows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Search: the text match runs on the catalogue model's full-text index (PostgreSQL's tsvector of
 * each product, matched in memory: stemmed words, word starts, the store's synonyms, sizes, and
 * trigram typo tolerance for words the store does not know), ranked by how many words match, the
 * kind of product the term names, text weights and popularity (RELEVANCE.md); SKU and model numbers
 * match exactly and rank first. The ranked ids of a term are kept per catalogue version, store and
 * popularity; filters, facet counts, sorting and paging then run in the in-memory catalogue engine.
 */
export class SearchService {
  private readonly matches = new Lru<Matches>(1_000, { maxSize: 20_000_000, sizeOf: (m) => m.ordinals.length + 16 });
  private readonly suggestions = new Lru<string>(1_000, { ttlMs: SUGGESTION_TTL_MS });
  private readonly stemCache = new Lru<string[]>(50_000);
  /** search URLs asked recently: the doorkeeper of the answer cache */
  private readonly requested = new SeenKeys(SEARCH_URLS_REMEMBERED);
  private readonly searchTerms: SearchTerms;
  private readonly popularityRefreshMs: number;
  private popularityState: { model: CatalogModel; at: number; signature: string; pending: boolean } | null = null;
  private popularityLoading: { model: CatalogModel; promise: Promise<void> } | null = null;
  private zeroBase: { model: CatalogModel; revision: number; popularityVersion: number; json: string } | null = null;

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    options: { suggestAfterShoppers?: number; popularityRefreshMs?: number } = {},
  ) {
    this.searchTerms = new SearchTerms(db, options.suggestAfterShoppers ?? DEFAULT_SUGGEST_AFTER_SHOPPERS);
    this.popularityRefreshMs = options.popularityRefreshMs ?? POPULARITY_REFRESH_MS;
  }

  // -------------------------------------------------------------------------------------------
  // GET /search/{term}

  async search(rawTerm: string, query: Record<string, unknown>, url: string, config: SiteConfig): Promise<Buffer> {
    const term = normalizeTerm(rawTerm);
    const model = await this.catalog.current(config);
    await this.popularity(model);
    const variant = `${config.store_code}|${model.text.popularityVersion}`;
    const key = `${url}#${variant}`;
    // an answer is stored once its URL comes again: most never-seen searches are never repeated,
    // and storing each (tens of kB) cost more than building them (the garbage collector copies
    // every stored answer twice); a repeated one finds its matches and facets kept and is stored
    const store = this.requested.check(key);
    return this.catalog.cached(model, config, key, async () => {
      const params = parseListingParams(query, { embeds: ["products"], maxLimit: MAX_LISTING_LIMIT });
      const visibility = resolveVisibility(params, SEARCH_VISIBILITY, "search");
      const groups = resolveFilters(model, params.filters);
      const sort = resolveSort(params, "relevance", true);
      const limit = pageLimit(params, config, null, MAX_LISTING_LIMIT);
      const offset = (params.page - 1) * limit;
      const redirect = model.redirects.get(term.toLowerCase()) ?? null;
      const found: Matches = redirect ? { ordinals: new Int32Array(0), fuzzy: false, corrected: null, partial: false } : await this.match(model, term, config.store_code);
      const outcome = model.run({
        base: found.ordinals, visMask: visMaskOf(visibility), groups, sort: sort.code, dir: sort.dir, offset, limit, categoryFacetParent: -1,
        baseKey: redirect ? undefined : `search:${variant}|${term.toLowerCase()}`,
      });
      const head = {
        term,
        redirect,
        fuzzy: found.fuzzy,
        corrected_term: found.corrected,
        ...listingFields(model, outcome, {
          page: params.page, limit, sort, defaultSort: "relevance", sortOptions: SEARCH_SORT_OPTIONS, filtered: groups.length > 0,
        }),
        structured_data: structuredData(model, config.base_url, `Search results for ${term}`, [], outcome.page, offset, outcome.total),
        zero_results: null,
      };
      // nothing matched the words at all (not merely the filters): what to try instead
      const zero = !redirect && found.ordinals.length === 0 ? await this.zeroResults(model, term) : null;
      const json = answerJson(head, outcome.filters, params.embed.has("products") ? outcome.page.map((p) => model.items[p]) : null);
      return zero === null ? json : json.replace('"zero_results":null', () => `"zero_results":${zero}`);
    }, { store });
  }

  /**
   * The zero-results page's content (spec 000 §3, carousel configuration `search_zero_results`):
   * searches to try (close to the term, then the most searched), the categories with most products,
   * and the most popular products, as JSON.
   */
  private async zeroResults(model: CatalogModel, term: string): Promise<string> {
    const close = await this.searchTerms.suggest(term, ZERO_RESULT_SEARCHES);
    const top = await this.searchTerms.top(ZERO_RESULT_SEARCHES * 2);
    const lower = term.toLowerCase();
    const searches = [...close, ...top].filter((s, i, all) => all.findIndex((o) => o.query === s.query) === i && s.query !== lower).slice(0, ZERO_RESULT_SEARCHES);
    return `${JSON.stringify({ searches }).slice(0, -1)},${this.zeroResultsBase(model)}}`;
  }

  /** The part of the zero-results answer no term changes (categories and products), kept per model and popularity. */
  private zeroResultsBase(model: CatalogModel): string {
    const kept = this.zeroBase;
    if (kept && kept.model === model && kept.revision === model.revision && kept.popularityVersion === model.text.popularityVersion) return kept.json;
    const visMask = visMaskOf(SEARCH_VISIBILITY);
    const visible = (p: number) => ((visMask >>> model.visibility[p]!) & 1) === 1;
    const categories = model.categories
      .filter((c) => c.level === 3 && c.includeInMenu === "1")
      .map((c) => ({ c, count: model.categoryMembers[c.index]!.reduce((n, p) => n + (visible(p) ? 1 : 0), 0) }))
      .filter(({ count }) => count > 0)
      .sort((a, b) => b.count - a.count || a.c.position - b.c.position || a.c.id - b.c.id)
      .slice(0, ZERO_RESULT_CATEGORIES)
      .map(({ c, count }) => ({ entity_id: String(c.id), name: c.name, url_key: c.urlKey, product_count: count }));
    const popularity = model.text.popularity;
    const products: number[] = [];
    for (let p = 0; p < model.n; p++) if (visible(p) && model.items[p]!.includes('"in_stock":true')) products.push(p);
    products.sort((a, b) => popularity[b]! - popularity[a]! || a - b);
    const tiles = products.slice(0, ZERO_RESULT_PRODUCTS).map((p) => model.items[p]);
    const json = `"categories":${JSON.stringify(categories)},"products":[${tiles.join(",")}]`;
    this.zeroBase = { model, revision: model.revision, popularityVersion: model.text.popularityVersion, json };
    return json;
  }

  // -------------------------------------------------------------------------------------------
  // GET /search/{term}/autocomplete

  async autocomplete(rawTerm: string, config: SiteConfig): Promise<string> {
    const term = normalizeTerm(rawTerm);
    const model = await this.catalog.current(config);
    await this.popularity(model);
    // suggested products show prices: patched ones (model.revision) are answered afresh
    const key = `${model.version}.${model.revision}|${config.store_code}|${model.text.popularityVersion}|${term.toLowerCase()}`;
    const hit = this.suggestions.get(key);
    if (hit !== undefined) return hit;

    const found = await this.match(model, term, config.store_code);
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
    const searches = await this.suggestedSearches(model, term, config.store_code);
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

  /**
   * Products a search page lists for the term (a configured redirect lists none). A term answered
   * only by part of its words counts as finding nothing: it is not a search to suggest to others.
   */
  private async resultSize(term: string, config: SiteConfig): Promise<number> {
    const model = await this.catalog.current(config);
    if (model.redirects.has(term.toLowerCase())) return 0;
    const { ordinals, partial } = await this.match(model, term, config.store_code);
    if (partial) return 0;
    const visMask = visMaskOf(SEARCH_VISIBILITY);
    let total = 0;
    for (const p of ordinals) if (((visMask >>> model.visibility[p]!) & 1) === 1) total++;
    return total;
  }

  // -------------------------------------------------------------------------------------------
  // matching

  /**
   * Earlier searches to suggest for a typed text: those starting with or close to it, and to what
   * its synonyms make of it ("fridge" also suggests earlier "refrigerator" searches), most frequent first.
   */
  private async suggestedSearches(model: CatalogModel, term: string, storeCode: string) {
    const texts = [term, ...synonymVariants(analyzeQuery(term, MAX_WORDS, model.text.synonymsFor(storeCode)))];
    const found = (await Promise.all(texts.map((t) => this.searchTerms.suggest(t, SUGGESTED_SEARCHES)))).flat();
    const unique = new Map<string, { query: string; count: number }>();
    for (const s of found) if (!unique.has(s.query)) unique.set(s.query, s);
    return [...unique.values()].sort((a, b) => b.count - a.count || (a.query < b.query ? -1 : 1)).slice(0, SUGGESTED_SEARCHES);
  }

  /** The term's matches, ranked; kept per catalogue version, store (its synonyms) and popularity. */
  async match(model: CatalogModel, term: string, storeCode = "default"): Promise<Matches> {
    const key = `${model.version}|${storeCode}|${model.text.popularityVersion}|${term.toLowerCase()}`;
    const hit = this.matches.get(key);
    if (hit) return hit;
    const found = await this.runMatch(model, term, storeCode);
    this.matches.set(key, found);
    return found;
  }

  private async runMatch(model: CatalogModel, term: string, storeCode: string): Promise<Matches> {
    const lower = term.toLowerCase();
    // an exact SKU or model number ranks first
    const skus: number[] = [];
    for (const key of new Set([lower, lower.replace(/[\s-]/g, "")])) for (const o of model.skuIndex.get(key) ?? []) if (!skus.includes(o)) skus.push(o);

    const synonyms = model.text.synonymsFor(storeCode);
    const query = analyzeQuery(term, MAX_WORDS, synonyms);
    const stems = await this.stems(queryWords(query).filter((word) => !model.text.knows(word)));
    const text = model.text.match(query, stems, { maxMatches: MAX_MATCHES, minFuzzyWord: MIN_FUZZY_WORD, correctionsPerWord: CORRECTIONS_PER_WORD, synonyms });
    if (skus.length === 0) return text;
    // a SKU hit answers the term as typed: no typo-corrected guesses behind it
    if (text.fuzzy || text.partial) return { ordinals: Int32Array.from(skus), fuzzy: false, corrected: null, partial: false };
    return { ...text, ordinals: Int32Array.from([...skus, ...text.ordinals.filter((o) => !skus.includes(o))]) };
  }

  /**
   * Popularity for ranking ties (text-index.ts): units ordered per product in the last
   * POPULARITY_DAYS, read once per catalogue model and again in the background every
   * POPULARITY_REFRESH_MS; until a product has orders its reviews and rating decide.
   */
  private async popularity(model: CatalogModel): Promise<void> {
    const state = this.popularityState;
    if (state?.model === model) {
      if (Date.now() - state.at >= this.popularityRefreshMs && !state.pending) {
        state.pending = true;
        this.readPopularity(model).catch((error: unknown) => {
          process.emitWarning(`search popularity refresh failed: ${error instanceof Error ? error.message : String(error)}`);
        }).finally(() => {
          state.pending = false;
        });
      }
      return;
    }
    const loading = this.popularityLoading?.model === model ? this.popularityLoading.promise : this.readPopularity(model);
    this.popularityLoading = { model, promise: loading };
    await loading;
  }

  private async readPopularity(model: CatalogModel): Promise<void> {
    const found = await rows<{ id: number; units: number }>(this.db, sql`
      SELECT oi.product_id AS id, sum(oi.qty)::int AS units
      FROM order_items oi JOIN orders o ON o.entity_id = oi.order_id
      WHERE o.status <> 'canceled' AND o.created_at > now() - make_interval(days => ${POPULARITY_DAYS})
      GROUP BY oi.product_id`);
    const units = new Map<number, number>();
    for (const r of found) {
      const ordinal = model.ordinalById.get(r.id);
      if (ordinal !== undefined && r.units > 0) units.set(ordinal, r.units);
    }
    const signature = [...units].sort((a, b) => a[0] - b[0]).join(";");
    const previous = this.popularityState?.model === model ? this.popularityState.signature : null;
    if (signature !== previous && (previous !== null || units.size > 0)) model.text.applyOrders(units);
    this.popularityState = { model, at: Date.now(), signature, pending: false };
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
