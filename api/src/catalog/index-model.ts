import type { CmsBlock } from "@store/contract";
import { Lru } from "../lib/lru";
import type { TextIndex } from "../search/text-index";

/**
 * The catalogue read model: every listable product's tile pre-serialised, and its category and
 * attribute-option memberships held as compact integer arrays, so a listing (filters, disjunctive
 * facet counts, sort and page) is answered in memory in well under a millisecond.
 *
 * Products are numbered 0..n-1 ("ordinals") in the catalogue's default order (products.position,
 * then entity_id), so any ascending list of ordinals is already in position order. PostgreSQL
 * stays the source of truth: the model is rebuilt from it (load-model.ts) whenever
 * catalog_version changes; stock and price changes are patched into it in place.
 */

export type SortCode = "position" | "name" | "price" | "top_rated" | "newest" | "relevance";
export type Dir = "asc" | "desc";

export interface ModelAttribute {
  index: number;
  id: number;
  code: string;
  label: string;
  type: string;
  position: number;
  filterable: boolean;
  /** option indexes in display order (position, then label) */
  options: number[];
  optionByValue: Map<string, number>;
}

export interface ModelOption {
  index: number;
  id: number;
  attr: number;
  value: string;
  label: string;
  swatch: string | null;
  position: number;
}

export interface ModelCategory {
  index: number;
  id: number;
  parentId: number | null;
  /** ancestor ids from the top, ending with this id */
  path: number[];
  urlKey: string;
  name: string;
  level: number;
  position: number;
  includeInMenu: string;
  displayMode: string;
  description: string;
  bottomDescription: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  h1Title: string;
  h2Title: string;
  imageUrl: string;
  redirect: string;
  defaultSortBy: string;
  featuredFilter: string;
  landing: Record<string, unknown> | null;
}

export interface ModelProgram {
  programId: string;
  promoName: string;
  promoShortDescription: string;
  startDate: string;
  endDate: string;
  start: number;
  end: number;
  rebateFormUrl: string;
  brandLogoUrls: string[];
  manufacturer: string;
  linqType: string;
  afterCheckout: boolean;
  amount: number;
  /** ordinals of the listable products in the programme, ascending */
  members: Int32Array;
}

/** One filter of a listing request, resolved against the model. */
export type FilterGroup =
  | { kind: "options"; attr: ModelAttribute; values: string[]; selected: Set<number>; bits: Uint32Array }
  | { kind: "price"; from: number; to: number; fromDollars: number | null; toDollars: number | null }
  | { kind: "category"; values: string[]; selected: Set<number>; bits: Uint32Array };

export interface ListingRequest {
  /** ordinals in listing order (category position, or search relevance); null = every product in position order */
  base: Int32Array | null;
  /** bit v set = products of visibility v are listed */
  visMask: number;
  groups: FilterGroup[];
  sort: SortCode;
  dir: Dir;
  offset: number;
  limit: number;
  /** dense category index whose children make the category facet; -1 = top-level categories; null = no category facet */
  categoryFacetParent: number | null;
  /** attribute index left out of the facets (the one a special catalogue is defined by) */
  excludeAttr?: number;
  /** also count the matches in every category (search suggestions) */
  countAllCategories?: boolean;
  /**
   * Names the base set (e.g. "category:12"); with it, the matches and facets of this base under
   * these filters are kept for the next request that only pages or sorts differently.
   */
  baseKey?: string;
}

export interface ListingOutcome {
  total: number;
  /** ordinals of the requested page, in order */
  page: number[];
  /** the filters (CatalogFilter[]) as JSON */
  filters: string;
  /** products per dense category index among the matches (with countAllCategories) */
  categoryCounts?: Int32Array;
}

export const CATEGORY_FACET = "cat";
export const PRICE_FACET = "price";
/** visibility values: 2 catalogue, 3 search, 4 both */
export const CATALOG_VISIBILITY = [2, 4];
export const SEARCH_VISIBILITY = [3, 4];
export const visMaskOf = (values: readonly number[]) => values.reduce((mask, v) => mask | (1 << v), 0);

const EMPTY_BITS = new Uint32Array(0);
const CATEGORY_FILTER_HEAD = `{"attribute":"${CATEGORY_FACET}","label":"Category","type":"category","position":-1,"values":[`;

/** flag values that count: 1 (passes every filter), and 2 + g (fails only filter g) for filter g's own facet */
const ACCEPT_RESULT = (() => {
  const accept = new Uint8Array(256);
  accept[1] = 1;
  return accept;
})();
const acceptCache: Uint8Array[] = [];
function acceptOf(group: number): Uint8Array {
  let accept = acceptCache[group];
  if (!accept) {
    accept = new Uint8Array(256);
    accept[1] = 1;
    accept[2 + group] = 1;
    acceptCache[group] = accept;
  }
  return accept;
}

/** A base's listable products, and their prices sorted: in all, per option and per child category. */
interface PriceIndex {
  members: Int32Array;
  bits: Uint32Array;
  prices: Int32Array;
  byOption: Array<Int32Array | null>;
  byCategory: Map<number, Int32Array>;
}

/** Bases smaller than this are cheaper to list by the general pass than to index. */
const PRICE_INDEX_MIN_BASE = 2_000;

/** How many of the ascending values lie in [from, to]. */
function countInRange(sorted: Int32Array, from: number, to: number): number {
  return lowerBound(sorted, to + 1) - lowerBound(sorted, from);
}

function lowerBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What decides a listing's matches and facets (not its order or page). */
function outcomeKey(request: ListingRequest): string {
  const groups = request.groups.map((g) => {
    if (g.kind === "price") return `price:${g.from}-${g.to}:${g.fromDollars}-${g.toDollars}`;
    const values = [...g.values].sort().join(",");
    return g.kind === "options" ? `o:${g.attr.index}:${values}` : `c:${values}`;
  });
  return [request.baseKey, request.visMask, request.excludeAttr ?? "", request.categoryFacetParent ?? "", request.countAllCategories ? 1 : 0, ...groups].join("|");
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
const PRICE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 50_000, 100_000];
const MAX_PRICE_BUCKETS = 8;

export class CatalogModel {
  readonly n: number;
  /** Prices of answers are formatted with this; a different configured currency means a rebuild. */
  readonly money: Intl.NumberFormat;

  /** configurable parent id → its enabled children's stock (patched by stock changes, see CatalogService) */
  childQty: Map<number, Map<number, number>> = new Map();
  /**
   * Goes up whenever tiles are patched in place (stock, prices) without a new version: anything
   * kept per model version that holds tile or price data keys on it too.
   */
  revision = 0;

  // per product (by ordinal)
  ids!: Int32Array;
  visibility!: Uint8Array;
  price!: Int32Array;
  names!: string[];
  urlKeys!: string[];
  /** the catalogProduct JSON of each product */
  items!: string[];
  /** the suggestedProduct JSON of each product */
  suggestions!: string[];
  ordinalById!: Map<number, number>;
  /** lower-cased sku and model number → ordinals */
  skuIndex!: Map<string, number[]>;
  /** full text of the searchable products (search/text-index.ts) */
  text!: TextIndex;

  // sort orders: ordinals ascending by the key, and each ordinal's rank in it
  orders!: Record<Exclude<SortCode, "position" | "relevance">, { order: Int32Array; rank: Int32Array }>;

  // attributes and options; product → options in CSR form, option → products
  attributes!: ModelAttribute[];
  attributeByCode!: Map<string, ModelAttribute>;
  priceAttribute: { label: string; position: number } = { label: "Price", position: 0 };
  options!: ModelOption[];
  optionAttr!: Int32Array;
  optStart!: Int32Array;
  opts!: Int32Array;
  optionMembers!: Int32Array[];
  /** bitsets of the options that many products have (counting those by words is cheaper) */
  optionBits!: Array<Uint32Array | null>;
  /** an option with more members than this has a bitset (a word costs about a dozen member tests) */
  denseAbove = 0;
  /** what counting every option through its members or bitset costs, in member tests */
  postingsCost = 0;
  /**
   * The availability facet's options (load-model.ts): every product has exactly one of them, the
   * last of its options (their indexes are the highest), so a stock patch swaps it in place.
   * `outOfStock` holds the place and nothing else: it has no members, and is never listed, counted
   * or filtered by (only `inStock` is the facet's value).
   */
  availability!: { inStock: number; outOfStock: number };

  // categories; product → categories in CSR form, category → products in category position order
  categories!: ModelCategory[];
  categoryById!: Map<number, number>;
  categoryByKey!: Map<string, number>;
  children!: number[][];
  topLevel!: number[];
  catStart!: Int32Array;
  cats!: Int32Array;
  categoryMembers!: Int32Array[];
  categoryBits!: Array<Uint32Array | null>;

  programs!: Map<string, ModelProgram>;
  /** active cms blocks by identifier (listings embed the ones named after them) */
  blocks!: Map<string, CmsBlock>;
  /** lower-cased term → url */
  redirects!: Map<string, string>;

  /** bases smaller than this are cheaper to list by the general pass than to index by price */
  priceIndexMinBase = PRICE_INDEX_MIN_BASE;
  /** per-base price lists for listings filtered by price alone (see runPriceOnly) */
  private readonly priceIndexes = new Lru<PriceIndex>(128, { maxSize: 20_000_000, sizeOf: (i) => i.members.length * 10 + 1_000 });

  /** matches and facets of recent (base, filters) pairs: paging and re-sorting reuse them */
  private readonly outcomes = new Lru<{ list: Int32Array; total: number; filters: string; categoryCounts?: Int32Array }>(
    512, { maxSize: 4_000_000, sizeOf: (o) => o.total + 64 },
  );

  /** JSON pieces of the filters answer: heads end just before a count, tails close the value */
  /** the price filter's JSON up to its values, made on first use */
  private priceFilterHead: string | undefined;
  fragments!: { attribute: string[]; option: string[]; optionTail: string[]; optionTailSelected: string[]; category: string[] };

  // scratch space for one listing at a time (a listing runs synchronously)
  private resultList!: Int32Array;
  private resultBits!: Uint32Array;
  private altList!: Int32Array;
  private altGroup!: Uint8Array;
  /** per product during a listing: 1 passes every filter, 2 + g fails only filter g, else 0 */
  private flags!: Uint8Array;
  private priceBuf!: Int32Array;
  private optCount!: Int32Array;
  private catCount!: Int32Array;
  /** per category during a count: 1 for the children being counted */
  private childMark!: Uint8Array;
  /** scales the walk-or-test choice of child category counts (0 always tests, Infinity always walks: tests compare both) */
  categoryWalkFactor = 1;

  constructor(
    n: number,
    readonly version: number,
    readonly currency: string,
    /** epoch ms after which time-bound data (running promotions) may have changed */
    readonly validUntil: number,
  ) {
    this.n = n;
    this.money = new Intl.NumberFormat("en-US", { style: "currency", currency });
  }

  allocateScratch() {
    this.resultList = new Int32Array(this.n);
    this.resultBits = new Uint32Array((this.n >>> 5) + 1);
    this.altList = new Int32Array(this.n);
    this.altGroup = new Uint8Array(this.n);
    this.flags = new Uint8Array(this.n);
    this.priceBuf = new Int32Array(this.n);
    this.optCount = new Int32Array(this.options.length);
    this.catCount = new Int32Array(this.categories.length);
    this.childMark = new Uint8Array(this.categories.length);
  }

  /**
   * After `price` changed for these ordinals (a price patch): the price sort order takes them at
   * their new places, and what was kept from the old prices (price indexes, listing outcomes with
   * their price facets and price-filtered matches) is dropped.
   */
  repriced(ordinals: Iterable<number>) {
    const price = this.price;
    const moved = [...new Set(ordinals)].sort((a, b) => price[a] - price[b] || a - b);
    if (moved.length > 0) {
      // the others stay in order: merge the moved ones in by (price, ordinal), as a full sort orders them
      const isMoved = new Uint8Array(this.n);
      for (const p of moved) isMoved[p] = 1;
      const old = this.orders.price.order;
      const order = new Int32Array(this.n);
      let k = 0;
      let m = 0;
      for (let i = 0; i < old.length; i++) {
        const p = old[i];
        if (isMoved[p] === 1) continue;
        while (m < moved.length && (price[moved[m]] < price[p] || (price[moved[m]] === price[p] && moved[m] < p))) order[k++] = moved[m++];
        order[k++] = p;
      }
      while (m < moved.length) order[k++] = moved[m++];
      const rank = new Int32Array(this.n);
      for (let i = 0; i < this.n; i++) rank[order[i]] = i;
      this.orders.price = { order, rank };
    }
    this.priceIndexes.clear();
    this.outcomes.clear();
  }

  /**
   * After stock moved these products in or out of stock (a stock patch): each one's availability
   * option is swapped in place, the in-stock option's members and bitset are redone, and what was
   * kept from the old membership (price indexes per option, listing outcomes) is dropped.
   */
  restocked(changes: Iterable<[ordinal: number, inStock: boolean]>) {
    const { inStock, outOfStock } = this.availability;
    const members = this.optionMembers[inStock];
    const isMember = new Uint8Array(this.n);
    for (let i = 0; i < members.length; i++) isMember[members[i]] = 1;
    let moved = 0;
    for (const [p, now] of changes) {
      const slot = this.optStart[p + 1] - 1;
      const option = now ? inStock : outOfStock;
      if (this.opts[slot] === option) continue;
      this.opts[slot] = option;
      isMember[p] = now ? 1 : 0;
      moved++;
    }
    if (moved === 0) return;
    const list: number[] = [];
    for (let p = 0; p < this.n; p++) if (isMember[p] === 1) list.push(p);
    this.setMembers(inStock, Int32Array.from(list));
    this.priceIndexes.clear();
    this.outcomes.clear();
  }

  /** An option's member list, with its bitset and its share of postingsCost as the full build sets them. */
  setMembers(option: number, members: Int32Array) {
    const old = this.optionMembers[option];
    if (old) this.postingsCost -= Math.min(old.length, this.denseAbove);
    this.optionMembers[option] = members;
    this.optionBits[option] = members.length > this.denseAbove ? this.bitsOf([members]) : null;
    this.postingsCost += Math.min(members.length, this.denseAbove);
  }

  /** A fresh bitset with the given ordinal lists set. */
  bitsOf(lists: Int32Array[]): Uint32Array {
    const bits = new Uint32Array((this.n >>> 5) + 1);
    for (const list of lists) for (let i = 0; i < list.length; i++) bits[list[i] >>> 5] |= 1 << (list[i] & 31);
    return bits;
  }

  /** Ascending union of ordinal lists. */
  unionOf(lists: Int32Array[]): Int32Array {
    if (lists.length === 1) return lists[0];
    const bits = this.bitsOf(lists);
    const out: number[] = [];
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w];
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        out.push((w << 5) + bit);
        word &= word - 1;
      }
    }
    return Int32Array.from(out);
  }

  private formatted = new Map<number, string>();

  /** Intl formatting is slow next to everything else here, and the same prices recur: memoised. */
  formatCents(cents: number): string {
    let text = this.formatted.get(cents);
    if (text === undefined) {
      text = this.money.format(cents / 100);
      if (this.formatted.size < 100_000) this.formatted.set(cents, text);
    }
    return text;
  }

  /**
   * Filter, count facets (disjunctively: a filter's own selection does not narrow its own
   * counts, every other filter does), sort and page.
   *
   * One pass over the base set sorts products into "passes every filter" (the result) and
   * "fails exactly one filter" (counted only for that filter's own facet); anything failing two
   * filters counts nowhere. Facet counts then come from whichever is cheaper: walking the
   * options of those products, or testing each option's product list against bitsets.
   */
  run(request: ListingRequest): ListingOutcome {
    const key = request.baseKey === undefined ? undefined : outcomeKey(request);
    const kept = key === undefined ? undefined : this.outcomes.get(key);
    if (kept) {
      // same matches and facets, another page or order
      const { list, total } = kept;
      const bits = this.resultBits;
      for (let i = 0; i < total; i++) bits[list[i] >>> 5] |= 1 << (list[i] & 31);
      const page = this.pageOf(list, total, request);
      for (let i = 0; i < total; i++) bits[list[i] >>> 5] = 0;
      return { total, page, filters: kept.filters, categoryCounts: kept.categoryCounts };
    }
    if (key !== undefined && request.groups.every((group) => group.kind === "price") && !request.countAllCategories) {
      const base = request.base ? request.base.length : this.n;
      if (base >= this.priceIndexMinBase) return this.runPriceOnly(request, this.priceIndexOf(request));
    }
    const { visibility: vis, price } = this;
    const groups = request.groups;
    const g = groups.length;
    const isPrice = new Uint8Array(g);
    const bits: Uint32Array[] = [];
    const from = new Int32Array(g);
    const to = new Int32Array(g);
    const words = (this.n >>> 5) + 1;
    const altBits: Uint32Array[] = [];
    for (let i = 0; i < g; i++) {
      const group = groups[i];
      if (group.kind === "price") {
        isPrice[i] = 1;
        from[i] = group.from;
        to[i] = group.to;
        bits.push(EMPTY_BITS);
      } else {
        bits.push(group.bits);
      }
      altBits.push(new Uint32Array(words));
    }

    const resultList = this.resultList;
    const resultBits = this.resultBits;
    const altList = this.altList;
    const altGroup = this.altGroup;
    const priceBuf = this.priceBuf;
    const flags = this.flags;
    let total = 0;
    let alts = 0;
    let priceLen = 0;
    const visMask = request.visMask;
    const base = request.base;
    const len = base ? base.length : this.n;

    for (let i = 0; i < len; i++) {
      const p = base ? base[i] : i;
      if (((visMask >>> vis[p]) & 1) === 0) continue;
      let fails = 0;
      let failed = -1;
      for (let k = 0; k < g; k++) {
        const ok = isPrice[k] === 1 ? price[p] >= from[k] && price[p] <= to[k] : ((bits[k][p >>> 5] >>> (p & 31)) & 1) === 1;
        if (!ok) {
          if (++fails > 1) break;
          failed = k;
        }
      }
      if (fails === 0) {
        resultList[total++] = p;
        resultBits[p >>> 5] |= 1 << (p & 31);
        flags[p] = 1;
        priceBuf[priceLen++] = price[p];
      } else if (fails === 1) {
        altList[alts] = p;
        altGroup[alts++] = failed;
        flags[p] = 2 + failed;
        altBits[failed][p >>> 5] |= 1 << (p & 31);
        if (isPrice[failed] === 1) priceBuf[priceLen++] = price[p];
      }
    }

    this.countOptions(request, total, alts, altBits);
    if (request.categoryFacetParent !== null) this.countChildCategories(request, total, alts, altBits);
    let categoryCounts: Int32Array | undefined;
    if (request.countAllCategories) {
      categoryCounts = new Int32Array(this.categories.length);
      const { catStart, cats } = this;
      for (let i = 0; i < total; i++) {
        const p = resultList[i];
        for (let k = catStart[p], end = catStart[p + 1]; k < end; k++) categoryCounts[cats[k]]++;
      }
    }

    const page = this.pageOf(resultList, total, request);
    const list = key === undefined ? undefined : resultList.slice(0, total);
    for (let i = 0; i < total; i++) {
      resultBits[resultList[i] >>> 5] = 0;
      flags[resultList[i]] = 0;
    }
    for (let i = 0; i < alts; i++) flags[altList[i]] = 0;

    const filters = this.facets(request, priceLen);
    if (key !== undefined) this.outcomes.set(key, { list: list!, total, filters, categoryCounts });
    return { total, page, filters, categoryCounts };
  }

  /**
   * A large base under no filter but (at most) a price range: every facet counts the same set,
   * the base within the range, so counts come from binary searches in per-option sorted price
   * lists built once per base; the page comes from a scan that stops once the page is full.
   */
  private runPriceOnly(request: ListingRequest, index: PriceIndex): ListingOutcome {
    const group = request.groups[0] as Extract<FilterGroup, { kind: "price" }> | undefined;
    const from = group ? group.from : -2_147_483_648;
    const to = group ? group.to : 2_147_483_647;
    const total = countInRange(index.prices, from, to);
    for (const attr of this.attributes) {
      if (!attr.filterable || attr.index === request.excludeAttr) continue;
      for (const o of attr.options) {
        const prices = index.byOption[o];
        this.optCount[o] = prices ? countInRange(prices, from, to) : 0;
      }
    }
    if (request.categoryFacetParent !== null) {
      const children = request.categoryFacetParent < 0 ? this.topLevel : this.children[request.categoryFacetParent];
      for (const c of children) {
        const prices = index.byCategory.get(c);
        this.catCount[c] = prices ? countInRange(prices, from, to) : 0;
      }
    }

    const { offset, limit, dir, sort } = request;
    const page: number[] = [];
    const want = Math.min(total, offset + limit) - offset;
    const price = this.price;
    const inRange = (p: number) => price[p] >= from && price[p] <= to;
    if (want > 0) {
      let seen = 0;
      if (sort === "position" || sort === "relevance") {
        const members = index.members;
        const forward = sort === "relevance" ? dir === "desc" : dir === "asc";
        for (let i = 0; i < members.length && page.length < want; i++) {
          const p = members[forward ? i : members.length - 1 - i];
          if (inRange(p) && seen++ >= offset) page.push(p);
        }
      } else {
        const order = this.orders[sort].order;
        const bits = index.bits;
        for (let i = 0; i < order.length && page.length < want; i++) {
          const p = order[dir === "asc" ? i : order.length - 1 - i];
          if (((bits[p >>> 5] >>> (p & 31)) & 1) === 1 && inRange(p) && seen++ >= offset) page.push(p);
        }
      }
    }
    const filters = this.facets(request, index.prices.length, index.prices);
    return { total, page, filters };
  }

  /** The price index of a base (built on first use, kept for the model's life within a bound). */
  private priceIndexOf(request: ListingRequest): PriceIndex {
    const key = `${request.baseKey}|${request.visMask}|${request.categoryFacetParent ?? ""}`;
    const kept = this.priceIndexes.get(key);
    if (kept) return kept;
    const vis = this.visibility;
    const list: number[] = [];
    const base = request.base;
    const len = base ? base.length : this.n;
    for (let i = 0; i < len; i++) {
      const p = base ? base[i] : i;
      if (((request.visMask >>> vis[p]) & 1) === 1) list.push(p);
    }
    const members = Int32Array.from(list);
    const bits = this.bitsOf([members]);
    const sortedPrices = (ordinals: Iterable<number>) => Int32Array.from(ordinals, (p) => this.price[p]).sort();
    const perOption: number[][] = this.options.map(() => []);
    for (const p of members) for (let k = this.optStart[p]; k < this.optStart[p + 1]; k++) perOption[this.opts[k]].push(this.price[p]);
    const byCategory = new Map<number, Int32Array>();
    if (request.categoryFacetParent !== null) {
      const children = request.categoryFacetParent < 0 ? this.topLevel : this.children[request.categoryFacetParent];
      for (const c of children) {
        byCategory.set(c, sortedPrices([...this.categoryMembers[c]].filter((p) => ((bits[p >>> 5] >>> (p & 31)) & 1) === 1)));
      }
    }
    const index: PriceIndex = {
      members,
      bits,
      prices: sortedPrices(members),
      byOption: perOption.map((prices) => (prices.length > 0 ? Int32Array.from(prices).sort() : null)),
      byCategory,
    };
    this.priceIndexes.set(key, index);
    return index;
  }

  /** Option counts into optCount, from the result and the products failing one filter. */
  private countOptions(request: ListingRequest, total: number, alts: number, altBits: Uint32Array[]) {
    const { optStart, opts, optionAttr, resultList, resultBits, altList, altGroup } = this;
    const optCount = this.optCount;
    const groups = request.groups;
    // walking a product's options costs about three times a bitset test
    const walk = (total + alts) * (opts.length / Math.max(1, this.n)) * 3;
    if (walk < this.postingsCost) {
      optCount.fill(0);
      for (let i = 0; i < total; i++) {
        const p = resultList[i];
        for (let k = optStart[p], end = optStart[p + 1]; k < end; k++) optCount[opts[k]]++;
      }
      for (let i = 0; i < alts; i++) {
        const group = groups[altGroup[i]];
        if (group.kind !== "options") continue;
        const a = group.attr.index;
        const p = altList[i];
        for (let k = optStart[p], end = optStart[p + 1]; k < end; k++) if (optionAttr[opts[k]] === a) optCount[opts[k]]++;
      }
      return;
    }
    const altOf = new Map<number, { bits: Uint32Array; accept: Uint8Array }>();
    groups.forEach((group, i) => {
      if (group.kind === "options") altOf.set(group.attr.index, { bits: altBits[i], accept: acceptOf(i) });
    });
    const flags = this.flags;
    for (const attr of this.attributes) {
      if (!attr.filterable || attr.index === request.excludeAttr) continue;
      const alt = altOf.get(attr.index);
      const accept = alt ? alt.accept : ACCEPT_RESULT;
      const altWords = alt?.bits;
      for (const o of attr.options) {
        const dense = this.optionBits[o];
        let count = 0;
        if (dense) {
          // a common option: AND its bitset word by word and count the bits
          for (let w = 0; w < dense.length; w++) {
            const x = dense[w] & (altWords ? resultBits[w] | altWords[w] : resultBits[w]);
            if (x !== 0) count += popcount(x);
          }
        } else {
          const members = this.optionMembers[o];
          for (let i = 0; i < members.length; i++) count += accept[flags[members[i]]];
        }
        optCount[o] = count;
      }
    }
  }

  /** Products per child category of the facet's parent (the category filter's own selection aside). */
  private countChildCategories(request: ListingRequest, total: number, alts: number, altBits: Uint32Array[]) {
    const parent = request.categoryFacetParent!;
    const children = parent < 0 ? this.topLevel : this.children[parent];
    const index = request.groups.findIndex((group) => group.kind === "category");
    const alt = index >= 0 ? altBits[index] : null;
    const accept = index >= 0 ? acceptOf(index) : ACCEPT_RESULT;
    const { resultBits, flags, catCount } = this;
    // a small result (a search's few dozen products) is cheaper to count by walking its products'
    // categories than by testing each child's bitset or member list (as countOptions decides)
    let testCost = 0;
    for (const c of children) testCost += this.categoryBits[c]?.length ?? this.categoryMembers[c].length;
    if ((total + alts) * (this.cats.length / Math.max(1, this.n)) * 3 < testCost * this.categoryWalkFactor) {
      const { resultList, altList, altGroup, catStart, cats, childMark } = this;
      for (const c of children) {
        catCount[c] = 0;
        childMark[c] = 1;
      }
      for (let i = 0; i < total; i++) {
        const p = resultList[i];
        for (let k = catStart[p], end = catStart[p + 1]; k < end; k++) if (childMark[cats[k]] === 1) catCount[cats[k]]++;
      }
      if (index >= 0) {
        for (let i = 0; i < alts; i++) {
          if (altGroup[i] !== index) continue;
          const p = altList[i];
          for (let k = catStart[p], end = catStart[p + 1]; k < end; k++) if (childMark[cats[k]] === 1) catCount[cats[k]]++;
        }
      }
      for (const c of children) childMark[c] = 0;
      return;
    }
    for (const c of children) {
      const dense = this.categoryBits[c];
      let count = 0;
      if (dense) {
        for (let w = 0; w < dense.length; w++) {
          const x = dense[w] & (alt ? resultBits[w] | alt[w] : resultBits[w]);
          if (x !== 0) count += popcount(x);
        }
      } else {
        const members = this.categoryMembers[c];
        for (let i = 0; i < members.length; i++) count += accept[flags[members[i]]];
      }
      catCount[c] = count;
    }
  }

  private pageOf(resultList: Int32Array, total: number, request: ListingRequest): number[] {
    const { offset, limit, dir } = request;
    const page: number[] = [];
    if (offset >= total || limit <= 0) return page;
    const end = Math.min(total, offset + limit);
    if (request.sort === "position" || request.sort === "relevance") {
      // the base is in listing order: position ascending, or relevance best first
      const forward = request.sort === "relevance" ? dir === "desc" : dir === "asc";
      if (forward) for (let i = offset; i < end; i++) page.push(resultList[i]);
      else for (let i = offset; i < end; i++) page.push(resultList[total - 1 - i]);
      return page;
    }
    const { order, rank } = this.orders[request.sort];
    if (total * 16 < this.n) {
      const picked = resultList.slice(0, total).sort((a, b) => rank[a] - rank[b]);
      if (dir === "asc") for (let i = offset; i < end; i++) page.push(picked[i]);
      else for (let i = offset; i < end; i++) page.push(picked[total - 1 - i]);
      return page;
    }
    const bits = this.resultBits;
    let seen = 0;
    const want = end - offset;
    if (dir === "asc") {
      for (let i = 0; i < order.length && page.length < want; i++) {
        const p = order[i];
        if (((bits[p >>> 5] >>> (p & 31)) & 1) === 1 && seen++ >= offset) page.push(p);
      }
    } else {
      for (let i = order.length - 1; i >= 0 && page.length < want; i--) {
        const p = order[i];
        if (((bits[p >>> 5] >>> (p & 31)) & 1) === 1 && seen++ >= offset) page.push(p);
      }
    }
    return page;
  }

  /**
   * The filters as JSON, written from fragments pre-built per attribute and option (an answer
   * can carry hundreds of values; building and serialising objects for them costs more than the
   * counting).
   */
  private facets(request: ListingRequest, priceLen: number, sortedPrices?: Int32Array): string {
    // pieces joined once: built by concatenation, the answer would be a rope of thousands of small
    // strings, walked piece by piece when it is sent (slower than copying them once here)
    const out: string[] = ["["];
    const selectedOptions = new Map<number, Set<number>>();
    let priceGroup: Extract<FilterGroup, { kind: "price" }> | undefined;
    let categoryGroup: Extract<FilterGroup, { kind: "category" }> | undefined;
    for (const group of request.groups) {
      if (group.kind === "options") selectedOptions.set(group.attr.index, group.selected);
      else if (group.kind === "price") priceGroup = group;
      else categoryGroup = group;
    }
    /** opens a filter (a comma before all but the first) */
    const open = (head: string) => out.push(out.length > 1 ? "," : "", head);

    if (request.categoryFacetParent !== null) {
      const children = request.categoryFacetParent < 0 ? this.topLevel : this.children[request.categoryFacetParent];
      const start = out.length;
      for (const c of children) {
        const count = this.catCount[c];
        const selected = categoryGroup?.selected.has(c) ?? false;
        if (count > 0 || selected) {
          if (out.length === start) open(CATEGORY_FILTER_HEAD);
          else out.push(",");
          out.push(this.fragments.category[c], String(count), selected ? ',"selected":true}' : ',"selected":false}');
        }
      }
      if (out.length > start) out.push("]}");
    }

    const priceFilter = this.priceFacet(priceLen, priceGroup, sortedPrices);
    let priceDone = priceFilter === null;
    const { option: optionHead, optionTail, optionTailSelected, attribute: attributeHead } = this.fragments;
    for (const attr of this.attributes) {
      if (!priceDone && attr.position > this.priceAttribute.position) {
        open(priceFilter!);
        priceDone = true;
      }
      if (!attr.filterable || attr.index === request.excludeAttr) continue;
      const selected = selectedOptions.get(attr.index);
      const start = out.length;
      for (const o of attr.options) {
        const count = this.optCount[o];
        const isSelected = selected !== undefined && selected.has(o);
        if (count > 0 || isSelected) {
          if (out.length === start) open(attributeHead[attr.index]);
          else out.push(",");
          out.push(optionHead[o], String(count), isSelected ? optionTailSelected[o] : optionTail[o]);
        }
      }
      if (out.length > start) out.push("]}");
      else if (selected) {
        open(attributeHead[attr.index]);
        out.push("]}");
      }
    }
    if (!priceDone) open(priceFilter!);
    out.push("]");
    return out.join("");
  }

  private bucketHeads = new Map<string, string>();

  /** A price bucket's JSON up to its count; buckets recur (round widths), so kept within a bound. */
  private bucketHead(lo: number, hi: number): string {
    const key = `${lo}-${hi}`;
    let head = this.bucketHeads.get(key);
    if (head === undefined) {
      // the value is digits, a point and a hyphen; the display name carries the currency's symbol
      head = `{"value":"${lo / 100}-${hi / 100}","display_name":${JSON.stringify(`${this.formatCents(lo)} - ${this.formatCents(hi)}`)},"product_count":`;
      if (this.bucketHeads.size < 10_000) this.bucketHeads.set(key, head);
    }
    return head;
  }

  /**
   * Price buckets of a round width (at most 8) over the products that pass every other filter, as
   * the JSON of a CatalogFilter (written as JSON.stringify would write one; tested against it).
   */
  private priceFacet(priceLen: number, group: Extract<FilterGroup, { kind: "price" }> | undefined, sorted?: Int32Array): string | null {
    if (priceLen === 0 && !group) return null;
    const prices = sorted ?? this.priceBuf;
    let min = Infinity;
    let max = -Infinity;
    if (sorted) {
      min = sorted[0];
      max = sorted[priceLen - 1];
    } else {
      for (let i = 0; i < priceLen; i++) {
        const p = prices[i];
        if (p < min) min = p;
        if (p > max) max = p;
      }
    }
    const head = (this.priceFilterHead ??= JSON.stringify({
      attribute: PRICE_FACET, label: this.priceAttribute.label, type: "price", position: this.priceAttribute.position, values: [],
    }).slice(0, -2));
    const selectedRange = group ? `,"selected_range":${JSON.stringify({ from: group.fromDollars, to: group.toDollars })}` : "";
    if (priceLen === 0) return `${head}]${selectedRange}}`;
    let step = PRICE_STEPS[PRICE_STEPS.length - 1] * 100;
    for (const s of PRICE_STEPS) {
      const cents = s * 100;
      if (Math.floor(max / cents) - Math.floor(min / cents) + 1 <= MAX_PRICE_BUCKETS) {
        step = cents;
        break;
      }
    }
    const first = Math.floor(min / step);
    const counts = new Int32Array(Math.floor(max / step) - first + 1);
    if (sorted) {
      for (let b = 0; b < counts.length; b++) counts[b] = countInRange(sorted, (first + b) * step, (first + b + 1) * step - 1);
    } else {
      for (let i = 0; i < priceLen; i++) counts[Math.floor(prices[i] / step) - first]++;
    }
    let values = "";
    for (let b = 0; b < counts.length; b++) {
      if (counts[b] === 0) continue;
      const lo = (first + b) * step;
      const hi = lo + step - 1;
      const selected = group !== undefined && group.from === lo && group.to === hi;
      values += `${values ? "," : ""}${this.bucketHead(lo, hi)}${counts[b]},"selected":${selected}}`;
    }
    return `${head}${values}]${selectedRange},"range":{"min":${min / 100},"max":${max / 100}}}`;
  }
}
