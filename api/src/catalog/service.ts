import { and, asc, eq, inArray } from "drizzle-orm";
import {
  MAX_LISTING_LIMIT, POSM_ATTRIBUTE, POSM_LIMIT, PROMOTION_ELEMENT_DEFAULT_LIMIT, SPECIAL_CATALOG_DEFAULT_LIMIT,
  type CmsBlock, type SiteConfig,
} from "@store/contract";
import { schema, type Db } from "../db/client";
import { badRequest, notFound } from "../http/errors";
import { CATALOG_VISIBILITY, visMaskOf, type CatalogModel, type ModelProgram } from "./index-model";
import { loadCatalogModel, patchPrices, patchStock } from "./load-model";
import { sql } from "drizzle-orm";
import {
  CATALOG_SORT_OPTIONS, answerJson, listingFields, pageLimit, resolveFilters, resolveSort, resolveVisibility, structuredData,
} from "./listing";
import { commaList, parseListingParams } from "./query";
import { Lru } from "../lib/lru";
import { ChangeLogCursor } from "./change-cursor";
import { intArrayText } from "../product/list-item";

/** Stock and price changes younger than this are read on each version check (longer than any order's transaction). */
const STOCK_WINDOW_S = 30;

export const CATEGORY_NOT_FOUND = "Category not found.";
export const SPECIAL_NOT_FOUND = "Catalogue not found.";
export const PROMOTION_NOT_FOUND = "Promotion not found.";

const CATEGORY_EMBEDS = ["products", "blocks"] as const;
const SPECIAL_EMBEDS = ["products", "blocks", "promotions"] as const;
const POSM_EMBEDS = ["images"] as const;
/** The root the storefront shows as the whole catalogue (spec §5: root category id 2). */
const ROOT_CATEGORY = 2;
/** Blocks a category shows (besides any its landing data names): `<url_key>-<suffix>`. */
const CATEGORY_BLOCK_SUFFIXES = ["hero", "top", "custom", "bottom"];

export interface CatalogServiceOptions {
  /** How often (ms) the shared catalog_version row is read; listings lag an edit by about this much. */
  versionCheckMs?: number;
  /** Serialised answers kept for repeated requests (all dropped when the catalogue changes). */
  answerCacheEntries?: number;
  answerCacheBytes?: number;
  /** More changed products than this in one check rebuild the model instead of patching it. */
  maxPatchedProducts?: number;
}

/**
 * Catalogue listings answered from the in-memory read model (see index-model.ts).
 *
 * Invalidation: triggers bump catalog_version in the same transaction as any change a listing
 * shows. Each process reads that row at most every `versionCheckMs` (one tiny query, in the
 * background) and rebuilds its model when the number moved; until the new model is ready the
 * previous one keeps answering. Because the version lives in the database, any number of api
 * processes invalidate together without a shared cache. Answers are also kept, serialised, in a
 * bounded LRU keyed by the model's version, the configuration they depend on and the URL.
 */
/** More changed products than this in one check rebuild the model (as the trigger rebuilds for one large statement). */
const MAX_PATCHED_PRODUCTS = 2_000;

export class CatalogService {
  private model: CatalogModel | null = null;
  private building: Promise<CatalogModel> | null = null;
  private lastCheck = 0;
  private readonly versionCheckMs: number;
  private readonly maxPatchedProducts: number;
  /** answers as the UTF-8 bytes sent: a kept answer is not encoded again on every send */
  private readonly answers: Lru<Buffer>;
  /** full rebuilds so far (tests check that a stock or price change makes none) */
  rebuilds = 0;
  /** how far this process has applied stock_changes (stock and price) */
  private readonly stockCursor = new ChangeLogCursor(STOCK_WINDOW_S * 1000);
  /** the version check running now, if any */
  private checking: Promise<void> | null = null;

  constructor(private readonly db: Db, options: CatalogServiceOptions = {}) {
    this.versionCheckMs = options.versionCheckMs ?? 1_000;
    this.maxPatchedProducts = options.maxPatchedProducts ?? MAX_PATCHED_PRODUCTS;
    this.answers = new Lru<Buffer>(options.answerCacheEntries ?? 2_000, {
      maxSize: options.answerCacheBytes ?? 64 * 1024 * 1024,
      sizeOf: (bytes) => bytes.length,
    });
  }

  /** The current model; built on first use, rebuilt in the background when the data changed. */
  async current(config: SiteConfig): Promise<CatalogModel> {
    const model = this.model;
    if (!model || model.currency !== config.currency_code) return this.rebuild(config.currency_code);
    const now = Date.now();
    if (now >= model.validUntil) this.background(this.rebuild(config.currency_code));
    else if (now - this.lastCheck >= this.versionCheckMs && !this.checking) {
      this.lastCheck = now;
      this.background(this.check(config.currency_code));
    }
    return model;
  }

  /** Rebuild now from the database (after a known bulk change, e.g. seeding). */
  async refresh(config: SiteConfig): Promise<CatalogModel> {
    if (this.building) await this.building.catch(() => undefined);
    return this.rebuild(config.currency_code);
  }

  /**
   * Catch up with the database now (after the change feed announced a catalogue change): the
   * version check runs at once and a moved version is rebuilt before this resolves, so answers
   * given afterwards show the change.
   */
  async sync(config: SiteConfig): Promise<void> {
    if (!this.model) return;
    if (this.building) await this.building.catch(() => undefined);
    this.lastCheck = Date.now();
    await this.check(config.currency_code);
  }

  /**
   * One version check at a time. A caller arriving while one runs waits for it and then checks
   * again: the running one may have read the change log before the caller's change committed, and
   * a check that merely saw rows another is still applying would resolve before they are applied.
   */
  private check(currency: string): Promise<void> {
    const run = (this.checking ?? Promise.resolve()).then(() => this.checkVersion(currency));
    // never rejects (callers handle `run`), so a failed check neither goes unhandled nor blocks the next
    const tracked: Promise<void> = run.then(() => undefined, () => undefined).finally(() => {
      if (this.checking === tracked) this.checking = null;
    });
    this.checking = tracked;
    return run;
  }

  private background(work: Promise<unknown>) {
    work.catch((error: unknown) => {
      process.emitWarning(`catalogue model refresh failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /**
   * One small query per check: the catalogue version, and the stock and price changes this process
   * has not applied yet (see ChangeLogCursor: ids are taken before commit, so a lower one may come
   * late). A moved version rebuilds the model; stock changes (qty, in_stock) and price changes
   * (prices, price order and what depends on it) are patched into it without a rebuild. The
   * products' current stock and prices are what gets applied, so applying a change twice, or late,
   * is harmless.
   */
  private async checkVersion(currency: string) {
    const cursor = this.stockCursor.next();
    const windowStart = sql`clock_timestamp() - make_interval(secs => ${STOCK_WINDOW_S})`;
    const unread = cursor === null ? sql`changed_at > ${windowStart}`
      : cursor.missing.length === 0 ? sql`id > ${cursor.after}`
      : sql`(id > ${cursor.after} OR id = ANY(${intArrayText(cursor.missing)}::bigint[]))`;
    // a window read also answers the newest id older than the window: the ids above it it lacks may still commit
    const floor = cursor === null ? sql`(SELECT id::float8 FROM stock_changes WHERE changed_at <= ${windowStart} ORDER BY changed_at DESC LIMIT 1)` : sql`NULL`;
    const result = (await this.db.execute(sql`SELECT (SELECT version::float8 FROM catalog_version WHERE id = 1) AS version,
      coalesce((SELECT json_agg(json_build_array(id, product_id, kind)) FROM stock_changes WHERE ${unread}), '[]'::json) AS changes,
      ${floor} AS floor`)) as unknown as {
      rows: Array<{ version: number; changes: Array<[number, number, "stock" | "price"]>; floor: number | null }>;
    };
    const row = result.rows[0];
    const model = this.model;
    if (!model || !row) return;
    if ((row.version ?? 0) !== model.version) {
      await this.rebuild(currency);
      return;
    }
    const { changes } = row;
    if (changes.length === 0) return;
    const ofKind = (kind: string) => [...new Set(changes.filter((c) => c[2] === kind).map(([, productId]) => productId))];
    const repriced = ofKind("price");
    const restocked = ofKind("stock");
    // a large import in many statements is cheaper rebuilt than patched (and stays within a
    // statement's parameter limit); the rebuild reads them all, so they count as applied
    const rebuilds = repriced.length + restocked.length > this.maxPatchedProducts;
    const changed = rebuilds ? 0 : await patchPrices(this.db, model, repriced) + await patchStock(this.db, model, restocked);
    // passed only once applied: a patch that failed is read and tried again by the next check
    if (this.model === model) this.stockCursor.advance(changes.map(([id]) => Number(id)), row.floor ?? 0);
    if (rebuilds) await this.rebuild(currency);
    else if (changed > 0 && this.model === model) this.answers.clear();
  }

  private rebuild(currency: string): Promise<CatalogModel> {
    if (this.building) return this.building;
    // every change applied so far committed before the new model's snapshot is read; those applied
    // while it builds may be missing from it, and are read again once it is in place
    const applied = this.stockCursor.save();
    const building = loadCatalogModel(this.db, currency)
      .then((model) => {
        this.model = model;
        this.rebuilds++;
        this.stockCursor.restore(applied);
        this.answers.clear();
        this.lastCheck = Date.now();
        return model;
      })
      .finally(() => {
        this.building = null;
      });
    this.building = building;
    return building;
  }

  /**
   * A serialised answer (its UTF-8 bytes) from the LRU, or built, stored and returned. `store:
   * false` builds without storing (search stores an answer only when its URL comes again: see
   * SearchService.search).
   */
  async cached(model: CatalogModel, config: SiteConfig, url: string, build: () => string | Promise<string>, options: { store?: boolean } = {}): Promise<Buffer> {
    // with the revision, an answer built before a patch and stored after it is never served
    const key = `${model.version}.${model.revision}|${config.grid_product_limit}|${config.list_product_limit}|${config.default_sort_by}|${config.base_url}|${url}`;
    const hit = this.answers.get(key);
    if (hit !== undefined) return hit;
    const answer = Buffer.from(await build());
    if (this.model === model && options.store !== false) this.answers.set(key, answer);
    return answer;
  }

  // -------------------------------------------------------------------------------------------
  // GET /categories/{key}

  async category(key: string, query: Record<string, unknown>, url: string, config: SiteConfig): Promise<Buffer> {
    const model = await this.current(config);
    return this.cached(model, config, url, () => this.buildCategory(model, key, query, config));
  }

  private buildCategory(model: CatalogModel, key: string, query: Record<string, unknown>, config: SiteConfig): string {
    const params = parseListingParams(query, { embeds: CATEGORY_EMBEDS, maxLimit: MAX_LISTING_LIMIT });
    const c = /^\d{1,9}$/.test(key) ? model.categoryById.get(Number(key)) : model.categoryByKey.get(key);
    const category = c === undefined ? undefined : model.categories[c];
    if (!category || category.level < 1) throw notFound(CATEGORY_NOT_FOUND);
    const isRoot = category.id === ROOT_CATEGORY || category.level <= 1;

    const visibility = resolveVisibility(params, CATALOG_VISIBILITY, "a catalogue");
    const groups = resolveFilters(model, params.filters);
    const defaultSort = category.defaultSortBy || config.default_sort_by || "position";
    const sort = resolveSort(params, defaultSort, false);
    const limit = pageLimit(params, config, null, MAX_LISTING_LIMIT);
    const offset = (params.page - 1) * limit;
    const outcome = model.run({
      base: isRoot ? null : model.categoryMembers[category.index],
      visMask: visMaskOf(visibility),
      groups,
      sort: sort.code,
      dir: sort.dir,
      offset,
      limit,
      categoryFacetParent: isRoot ? -1 : category.index,
      baseKey: `category:${category.index}`,
    });

    const ancestors = category.path
      .map((id) => model.categoryById.get(id))
      .filter((i): i is number => i !== undefined && i !== category.index)
      .map((i) => model.categories[i])
      .filter((a) => a.level >= 2);
    const displayMode = params.displayMode ?? category.displayMode;
    const crumbs = [...ancestors, ...(isRoot ? [] : [category])].map((a) => ({ name: a.name, path: `/catalog/${a.urlKey}` }));
    const head: Record<string, unknown> = {
      entity_id: String(category.id),
      parent_id: category.parentId === null ? "0" : String(category.parentId),
      level: category.level,
      name: category.name,
      url_key: category.urlKey,
      display_mode: displayMode,
      meta_title: category.metaTitle,
      meta_description: category.metaDescription,
      meta_keywords: category.metaKeywords,
      h1_title: category.h1Title,
      h2_title: category.h2Title,
      description: category.description,
      bottom_description: category.bottomDescription,
      image_url: category.imageUrl,
      redirect: category.redirect,
      featured_filter: category.featuredFilter,
      breadcrumbs: ancestors.map((a) => ({ entity_id: String(a.id), name: a.name, url_key: a.urlKey, level: a.level })),
      landing: displayMode.includes("PAGE") ? category.landing ?? {} : null,
      ...listingFields(model, outcome, {
        page: params.page, limit, sort, defaultSort, sortOptions: CATALOG_SORT_OPTIONS, filtered: groups.length > 0,
      }),
      structured_data: structuredData(model, config.base_url, category.name, crumbs, outcome.page, offset, outcome.total),
    };
    if (params.embed.has("blocks")) head.blocks = categoryBlocks(model, category.urlKey, category.landing);
    return answerJson(head, outcome.filters, params.embed.has("products") ? outcome.page.map((p) => model.items[p]) : null);
  }

  // -------------------------------------------------------------------------------------------
  // GET /dynamic-category/{attribute}/{value}

  async special(attribute: string, value: string, query: Record<string, unknown>, url: string, config: SiteConfig): Promise<Buffer> {
    const model = await this.current(config);
    return this.cached(model, config, url, () => this.buildSpecial(model, attribute, value, query, config));
  }

  private buildSpecial(model: CatalogModel, attribute: string, value: string, query: Record<string, unknown>, config: SiteConfig): string {
    const params = parseListingParams(query, { embeds: SPECIAL_EMBEDS, maxLimit: MAX_LISTING_LIMIT });
    let base: Int32Array;
    let name: string;
    let blockIds: string[];
    let programs: ModelProgram[];
    let excludeAttr: number | undefined;
    let exclude: string | undefined;
    let baseKey: string;
    let defaultLimit = SPECIAL_CATALOG_DEFAULT_LIMIT;
    if (attribute === "promotion") {
      const program = model.programs.get(value);
      const now = Date.now();
      if (!program || program.start > now || program.end < now) throw notFound(PROMOTION_NOT_FOUND);
      base = program.members;
      baseKey = `promotion:${program.programId}`;
      name = program.promoName;
      blockIds = [`promotion-${program.programId}`];
      programs = [program];
      defaultLimit = PROMOTION_ELEMENT_DEFAULT_LIMIT;
    } else {
      const attr = model.attributeByCode.get(attribute);
      const values = commaList(value);
      if (!attr || values.length === 0 || values.length > 50) throw notFound(SPECIAL_NOT_FOUND);
      const options = values.map((v) => attr.optionByValue.get(v));
      if (options.some((o) => o === undefined)) throw notFound(SPECIAL_NOT_FOUND);
      base = model.unionOf(options.map((o) => model.optionMembers[o!]));
      baseKey = `special:${attr.index}:${[...new Set(options)].sort((a, b) => a! - b!).join(",")}`;
      name = options.map((o) => model.options[o!].label).join(", ");
      blockIds = [`special-${attr.code}-${values.join(",")}`];
      excludeAttr = attr.index;
      exclude = attr.code;
      programs = [];
      if (params.embed.has("promotions")) {
        const inBase = model.bitsOf([base]);
        const now = Date.now();
        for (const program of model.programs.values()) {
          if (program.start > now || program.end < now) continue;
          if (program.members.some((p) => ((inBase[p >>> 5] >>> (p & 31)) & 1) === 1)) programs.push(program);
        }
      }
    }

    const visibility = resolveVisibility(params, CATALOG_VISIBILITY, "a catalogue");
    const groups = resolveFilters(model, params.filters, { exclude });
    const defaultSort = config.default_sort_by || "position";
    const sort = resolveSort(params, defaultSort, false);
    const limit = pageLimit(params, config, defaultLimit, MAX_LISTING_LIMIT);
    const offset = (params.page - 1) * limit;
    const outcome = model.run({
      base, visMask: visMaskOf(visibility), groups, sort: sort.code, dir: sort.dir, offset, limit, categoryFacetParent: -1, excludeAttr, baseKey,
    });
    const head: Record<string, unknown> = {
      attribute,
      value,
      name,
      ...listingFields(model, outcome, {
        page: params.page, limit, sort, defaultSort, sortOptions: CATALOG_SORT_OPTIONS, filtered: groups.length > 0,
      }),
      structured_data: structuredData(model, config.base_url, name, [], outcome.page, offset, outcome.total),
    };
    if (params.embed.has("blocks")) head.blocks = blockIds.map((id) => model.blocks.get(id)).filter((b): b is CmsBlock => b !== undefined);
    if (params.embed.has("promotions")) head.promotions = programs.map((p) => promotionJson(model, p));
    return answerJson(head, outcome.filters, params.embed.has("products") ? outcome.page.map((p) => model.items[p]) : null);
  }

  // -------------------------------------------------------------------------------------------
  // GET /dynamic-category/brandsource_point_of_sale_marketing/{values}/products

  async posm(values: string, query: Record<string, unknown>, url: string, config: SiteConfig): Promise<Buffer> {
    const model = await this.current(config);
    return this.cached(model, config, url, () => this.buildPosm(model, values, query));
  }

  private async buildPosm(model: CatalogModel, valueList: string, query: Record<string, unknown>): Promise<string> {
    const params = parseListingParams(query, { embeds: POSM_EMBEDS, maxLimit: POSM_LIMIT });
    const values = commaList(valueList);
    if (values.length === 0 || values.length > 50) throw badRequest("Give one to 50 point-of-sale marketing values.");
    const attr = model.attributeByCode.get(POSM_ATTRIBUTE);
    // a store without point-of-sale marketing data (or an unknown set) has nothing to show: an empty list
    const options = attr ? values.map((v) => attr.optionByValue.get(v)).filter((o): o is number => o !== undefined) : [];
    const base = options.length > 0 ? model.unionOf(options.map((o) => model.optionMembers[o])) : new Int32Array(0);
    const groups = resolveFilters(model, params.filters, { exclude: POSM_ATTRIBUTE });
    const sort = resolveSort({ ...params, dir: params.dir ?? "asc" }, "position", false);
    const limit = params.limit ?? POSM_LIMIT;
    const offset = (params.page - 1) * limit;
    const outcome = model.run({
      base, visMask: visMaskOf(resolveVisibility(params, CATALOG_VISIBILITY, "a catalogue")), groups,
      sort: sort.code, dir: sort.dir, offset, limit, categoryFacetParent: null,
      baseKey: `posm:${[...new Set(options)].sort((a, b) => a - b).join(",")}`,
    });
    let products = outcome.page.map((p) => model.items[p]);
    if (params.embed.has("images") && outcome.page.length > 0) {
      const ids = outcome.page.map((p) => model.ids[p]);
      const a = schema.productAssets;
      const rows = await this.db
        .select({ productId: a.productId, url: a.url, thumbUrl: a.thumbUrl, label: a.label, position: a.position })
        .from(a)
        .where(and(inArray(a.productId, ids), eq(a.assetType, "image")))
        .orderBy(asc(a.productId), asc(a.position), asc(a.assetId));
      const byProduct = new Map<number, Array<{ url: string; thumb_url: string; label: string; position: number }>>();
      for (const r of rows) {
        const list = byProduct.get(r.productId) ?? [];
        list.push({ url: r.url, thumb_url: r.thumbUrl, label: r.label, position: r.position });
        byProduct.set(r.productId, list);
      }
      products = outcome.page.map((p, i) => `${products[i].slice(0, -1)},"images":${JSON.stringify(byProduct.get(model.ids[p]) ?? [])}}`);
    }
    return answerJson({ attribute: POSM_ATTRIBUTE, values, product_count: outcome.total, limit, order: sort.code, dir: sort.dir }, null, products);
  }
}

/** A category's blocks: `<url_key>-hero|top|custom|bottom`, `category-<url_key>`, and any its landing data names. */
function categoryBlocks(model: CatalogModel, urlKey: string, landing: Record<string, unknown> | null): CmsBlock[] {
  const ids = [`category-${urlKey}`, ...CATEGORY_BLOCK_SUFFIXES.map((s) => `${urlKey}-${s}`)];
  const named = (value: unknown): void => {
    if (typeof value === "string") {
      if (model.blocks.has(value)) ids.push(value);
    } else if (Array.isArray(value)) value.forEach(named);
    else if (value && typeof value === "object") Object.values(value).forEach(named);
  };
  named(landing);
  return [...new Set(ids)].map((id) => model.blocks.get(id)).filter((b): b is CmsBlock => b !== undefined);
}

export function promotionJson(model: CatalogModel, p: ModelProgram) {
  const kind = p.linqType === "BuyMoreSaveMore" ? "BuyMoreSaveMore" : p.linqType === "instant" ? "instant" : "rebate";
  return {
    program_id: p.programId,
    linq_type: p.linqType,
    kind,
    promo_name: p.promoName,
    promo_short_description: p.promoShortDescription,
    start_date: p.startDate,
    end_date: p.endDate,
    rebate_form_url: p.rebateFormUrl,
    brand_logo_urls: p.brandLogoUrls,
    manufacturer: p.manufacturer,
    after_checkout: p.afterCheckout,
    amount: { amount: p.amount / 100, formatted: model.formatCents(p.amount) },
  };
}
