import { eq, sql } from "drizzle-orm";
import {
  PRODUCT_EMBEDS, PRODUCT_NOT_FOUND, STORE_NOT_FOUND, VISIBILITY_LABELS,
  type LocationStock, type ProductDetail, type ProductEmbed, type ProductListItem,
} from "@store/contract";
import { embeddedClient, schema, type Db } from "../db/client";
import { ChangesSince, type ChangeFeed } from "../db/changes";
import { badRequest, notFound } from "../http/errors";
import { sanitizeEditorHtml } from "../lib/sanitize";
import type { ConfigService } from "../config/service";
import { toStoreLocation } from "../locations/stores";
import { manufacturerKey } from "../promotions/service";
import { Lru } from "../lib/lru";

import { Clock, buildPrices, finalPriceCents, MoneyFormat } from "./money";
import { CatalogVersions, VERSION_CHECK_MS } from "./versions";
import { DictionaryCache, type Dictionary } from "./dictionary";
import { intArray, LIST_COLUMNS, LIST_COLUMNS_TEXT, priceColumns, rowsOf, toListItem, type ListContext, type ListRow } from "./list-item";
import { PreparedStatement } from "./prepared";
import { buildPromotions, normaliseFeatures, normaliseFlags, specificationGroups, type ProgramRow } from "./shape";

/** Embeds as a bit mask (bit i = PRODUCT_EMBEDS[i]), so a cache key is short and order-free. */
export type EmbedMask = number;
const EMBED_BIT = Object.fromEntries(PRODUCT_EMBEDS.map((e, i) => [e, 1 << i])) as Record<ProductEmbed, number>;
const has = (mask: EmbedMask, embed: ProductEmbed) => (mask & EMBED_BIT[embed]) !== 0;

/** `embed=images,assets` → mask; an unknown name is bad input (400), blanks are ignored. */
export function parseEmbeds(raw: string | undefined): EmbedMask {
  let mask = 0;
  if (!raw) return mask;
  for (const part of raw.split(",")) {
    const name = part.trim().toLowerCase();
    if (!name) continue;
    // own keys only: `constructor` or `toString` is an unknown embed, not a prototype member
    if (!Object.hasOwn(EMBED_BIT, name)) throw badRequest(`Unknown embed '${name.slice(0, 40)}'. Allowed: ${PRODUCT_EMBEDS.join(", ")}.`);
    mask |= EMBED_BIT[name as ProductEmbed];
  }
  return mask;
}

/** A built answer, kept serialised so a cache hit costs no serialisation. */
export interface ProductEntry {
  id: number;
  typeId: string;
  /** ids whose store stock makes up this product's (its children when configurable) */
  stockIds: number[];
  json: string;
  /** when a special price or promotion starts or ends, the answer changes by itself */
  validUntil: number;
  /** the products whose rows it shows (itself, children, open-box items, links, bundle pieces) */
  builtFrom: number[];
}

interface Pending {
  key: string;
  mask: EmbedMask;
  fmt: MoneyFormat;
  resolve(entry: ProductEntry | null): void;
  reject(error: unknown): void;
}

interface DetailRow extends ListRow {
  status: number;
  modelNumber: string;
  description: string;
  shortDescription: string;
  metaTitle: string;
  metaDescription: string;
  metaKeyword: string;
  weight: number | null;
  height: number | null;
  width: number | null;
  depth: number | null;
  energyStar: boolean;
  upccode: string;
  extra: Record<string, unknown> | null;
}

interface RelationRow {
  row: ListRow;
  rel: "child" | "outlet" | "crosssell" | "related" | "upsell" | "parentbundle" | "selection";
  owner: number;
  pos: number;
  flag: boolean;
  opt: number | null;
  sel: number | null;
  sqty: number | null;
}

/** What the batch statement answers, parsed. */
interface FetchedBatch {
  main: DetailRow[];
  members: Array<ListRow & { rel: "child" | "outlet"; owner: number }>;
  /** [product, link type, linked product, position, pre-selected] */
  links: Array<[number, RelationRow["rel"], number, number, boolean]>;
  /** [product, bundle containing it] */
  parentBundles: Array<[number, number]>;
  /** [bundle, option, title, required, position] */
  bundleOptions: Array<[number, number, string, boolean, number]>;
  /** [bundle, option, selection, product, qty, is default, position] */
  selections: Array<[number, number, number, number, number, boolean, number]>;
  values: Array<[number, number, number]>;
  supers: Array<[number, number, number]>;
  /** [asset, product, type, url, thumb url, label, position] */
  assets: Array<[number, number, string, string, string, string, number]>;
  categories: Array<[number, number]>;
  programs: ProgramRow[];
}

interface AssetRow { assetId: number; productId: number; assetType: string; url: string; thumbUrl: string; label: string; position: number }
interface BundleOptionRow { optionId: number; bundleId: number; title: string; required: boolean; position: number }

/** Everything fetched for one batch of products, grouped by the product it belongs to. */
interface BatchData {
  dict: Dictionary;
  /** whether a row read for this batch may be kept (its product has not changed since) */
  fresh(id: number): boolean;
  relations: Map<number, RelationRow[]>;
  values: Map<number, Array<{ attributeId: number; optionId: number }>>;
  superAttributes: Map<number, Array<{ attributeId: number; position: number }>>;
  assets: Map<number, AssetRow[]>;
  categories: Map<number, number[]>;
  programs: Map<number, ProgramRow[]>;
  bundleOptions: Map<number, BundleOptionRow[]>;
}

const DETAIL_COLUMNS_TEXT = `p.model_number as "modelNumber", p.description as "description",
  p.short_description as "shortDescription", p.meta_title as "metaTitle", p.meta_description as "metaDescription",
  p.meta_keyword as "metaKeyword", p.weight as "weight", p.height as "height", p.width as "width", p.depth as "depth",
  p.energy_star_qualified as "energyStar", p.upccode as "upccode", p.extra as "extra"`;

const MAX_BATCH = 64;

/**
 * The one statement behind a batch. $1 entity ids and $2 url keys / skus asked for, $3 with
 * open-box items, $4 with the bundles containing the products, $5 the link types wanted.
 */
const BATCH_SQL = `
  with m as materialized (
    select ${LIST_COLUMNS_TEXT}, ${DETAIL_COLUMNS_TEXT} from products p
    where p.entity_id = any($1) or p.url_key = any($2) or p.sku = any($2)
  ), e as (
    select array(select m.id from m where m.status = 1) as ids,
      array(select m.id from m where m.status = 1 and m."typeId" = 'configurable') as configurables,
      array(select m.id from m where m.status = 1 and m."typeId" = 'bundle') as bundles,
      array(select coalesce(m."parentId", m."outletOf") from m where m.status = 1 and coalesce(m."parentId", m."outletOf") is not null) as parents
  )
  select
    (select coalesce(json_agg(m), '[]') from m) as "main",
    (select coalesce(json_agg(x), '[]') from (
      select 'child' as "rel", p.parent_id as "owner", ${LIST_COLUMNS_TEXT}
      from products p where p.parent_id = any((select configurables from e)::int[]) and p.status = 1
      union all
      select 'outlet', p.outlet_of, ${LIST_COLUMNS_TEXT}
      from products p where $3 and p.outlet_of = any((select ids from e)::int[]) and p.status = 1) x) as "members",
    (select coalesce(json_agg(json_build_array(l.product_id, l.link_type, l.linked_product_id, l.position, l.pre_selected_add_on)), '[]')
      from product_links l where l.product_id = any((select ids from e)::int[]) and l.link_type = any($5)) as "links",
    (select coalesce(json_agg(distinct jsonb_build_array(bs.product_id, bo.bundle_id)), '[]')
      from bundle_selections bs join bundle_options bo on bo.option_id = bs.option_id
      where $4 and bs.product_id = any((select ids from e)::int[])) as "parentBundles",
    (select coalesce(json_agg(json_build_array(o.bundle_id, o.option_id, o.title, o.required, o.position)), '[]')
      from bundle_options o where o.bundle_id = any((select bundles from e)::int[])) as "bundleOptions",
    (select coalesce(json_agg(json_build_array(o.bundle_id, o.option_id, s.selection_id, s.product_id, s.qty, s.is_default, s.position)), '[]')
      from bundle_options o join bundle_selections s on s.option_id = o.option_id
      where o.bundle_id = any((select bundles from e)::int[])) as "selections",
    (select coalesce(json_agg(json_build_array(v.product_id, v.attribute_id, v.option_id)), '[]') from (
      select v.product_id, v.attribute_id, v.option_id from product_attribute_values v where v.product_id = any((select ids from e)::int[])
      union all
      select v.product_id, v.attribute_id, v.option_id from product_attribute_values v join products c on c.entity_id = v.product_id
      where c.parent_id = any((select configurables from e)::int[]) and c.status = 1) v) as "values",
    (select coalesce(json_agg(json_build_array(s.product_id, s.attribute_id, s.position)), '[]')
      from product_super_attributes s where s.product_id = any((select configurables from e)::int[])) as "supers",
    (select coalesce(json_agg(json_build_array(a.asset_id, a.product_id, a.asset_type, a.url, a.thumb_url, a.label, a.position)), '[]')
      from product_assets a where a.product_id = any((select ids from e)::int[])) as "assets",
    (select coalesce(json_agg(json_build_array(c.product_id, c.category_id)), '[]')
      from product_categories c where c.product_id = any((select ids || parents from e)::int[])) as "categories",
    (select coalesce(json_agg(json_build_object('productId', pp.product_id, 'programId', r.program_id, 'promoName', r.promo_name,
        'promoShortDescription', r.promo_short_description, 'start', extract(epoch from r.start_date) * 1000,
        'end', extract(epoch from r.end_date) * 1000, 'rebateFormUrl', r.rebate_form_url, 'brandLogoUrls', r.brand_logo_urls,
        'manufacturer', r.manufacturer, 'linqType', r.linq_type, 'afterCheckout', r.after_checkout, 'amount', r.amount)), '[]')
      from product_promotions pp join rebate_programs r on r.program_id = pp.program_id
      where pp.product_id = any((select ids from e)::int[])) as "programs"`;
const isPositiveInt = (s: string) => /^\d{1,9}$/.test(s) && Number(s) > 0;

function group<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}

const plainObject = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * Product page answers (GET /products/{id_or_key}).
 *
 * Fast by construction: concurrent requests are gathered into one batch (a fixed handful of
 * queries per batch however many products it holds, never a query per link, child or asset);
 * small lookup tables (categories, attributes, options, brands, retail banners) live in memory
 * per catalogue version; finished answers are kept serialised in an LRU keyed by product, embeds
 * and currency, dropped when the shared catalogue version moves (checked at most once a second)
 * or when a price or promotion window in the answer opens or closes. A product that changes (the
 * change feed's `p:<id>`: an order's stock, a price, a description) drops only the answers built
 * from its row; without the feed, answers are kept for a second.
 */
export class ProductService {
  readonly versions: CatalogVersions;
  private readonly dictionaries: DictionaryCache;
  /** a 10,000-product store with every embed is about 130 MB of answers: all of it fits */
  private readonly answers = new Lru<ProductEntry>(25_000, {
    maxSize: 256 * 1024 * 1024, sizeOf: (e) => e.json.length + 200, onDrop: (entry, key) => this.unindex(entry, key),
  });
  /** keys of the kept answers by the products they were built from */
  private readonly answersOf = new Map<number, Set<string>>();
  /** products changed while a batch was being built: its answers built from them are not kept */
  private readonly changes = new ChangesSince<number>();
  /** id_or_key → entity id (null: no enabled product has it) */
  private readonly keys = new Lru<number | null>(50_000);
  /** built list items by id (in one money format), per catalogue version, until their prices change */
  private readonly items = new Lru<{ item: ProductListItem; validUntil: number; fmt: MoneyFormat }, number>(100_000);
  /** list data of linked products by id (null: no enabled product), per catalogue version */
  private readonly listCache = new Lru<ListRow | null, number>(100_000);
  private readonly inflight = new Map<string, Promise<ProductEntry | null>>();
  /** answers built from the database so far (the rest came from memory) */
  answersBuilt = 0;
  private version: string | null = null;
  private queue: Pending[] = [];
  private running = 0;
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly batchStatement: PreparedStatement<Record<keyof FetchedBatch, unknown>>;

  constructor(private readonly db: Db, private readonly config: ConfigService, private readonly feed: ChangeFeed | null = null) {
    this.versions = new CatalogVersions(db);
    feed?.on("p", (id) => this.forgetProduct(Number(id)));
    feed?.on("d", (table) => {
      if (table === "products") this.forgetProduct(null);
    });
    feed?.onReset(() => this.forgetProduct(null));
    this.dictionaries = new DictionaryCache(db);
    this.batchStatement = new PreparedStatement(db, "product_page_batch", ["int[]", "text[]", "boolean", "boolean", "text[]"], BATCH_SQL);
    // the embedded database runs one query at a time: one batch in flight gathers the most work
    this.maxInFlight = embeddedClient(db) ? 1 : 4;
  }

  async moneyFormat(): Promise<MoneyFormat> {
    const config = await this.config.get();
    return MoneyFormat.for(config.locale, config.currency_code);
  }

  /** Money format, clock and brand names for building list items outside a product answer. */
  async listContext(): Promise<ListContext> {
    const fmt = await this.moneyFormat();
    const dict = await this.dictionaries.get(await this.checkVersion());
    return { fmt, clock: new Clock(), brandName: (id) => (id === null ? "" : dict.brands.get(id)?.name ?? "") };
  }

  /** The answer for an id, url key or sku; 404 when no enabled product has it. */
  async get(key: string, mask: EmbedMask): Promise<ProductEntry> {
    if (key.includes("\0")) throw notFound(PRODUCT_NOT_FOUND);
    const fmt = await this.moneyFormat();
    await this.checkVersion();
    const known = this.keys.get(key);
    if (known === null) throw notFound(PRODUCT_NOT_FOUND);
    if (known !== undefined) {
      const hit = this.answers.get(this.answerKey(known, mask, fmt));
      if (hit && hit.validUntil > Date.now()) return hit;
    }
    const flightKey = `${key}|${mask}|${fmt.key}`;
    let flight = this.inflight.get(flightKey);
    if (!flight) {
      flight = new Promise<ProductEntry | null>((resolve, reject) => {
        this.queue.push({ key, mask, fmt, resolve, reject });
        this.schedule();
      }).finally(() => this.inflight.delete(flightKey));
      this.inflight.set(flightKey, flight);
    }
    const entry = await flight;
    if (!entry) throw notFound(PRODUCT_NOT_FOUND);
    return entry;
  }

  /** The entity id behind an id, url key or sku (enabled products only), or 404. */
  async resolveId(key: string): Promise<{ id: number; typeId: string }> {
    await this.checkVersion();
    const k = key.trim();
    if (k.includes("\0")) throw notFound(PRODUCT_NOT_FOUND);
    const rows = await rowsOf<{ id: number; typeId: string; status: number; urlKey: string; sku: string }>(this.db, sql`
      select p.entity_id as "id", p.type_id as "typeId", p.status as "status", p.url_key as "urlKey", p.sku as "sku"
      from products p
      where p.entity_id = ${isPositiveInt(k) ? Number(k) : -1} or p.url_key = ${k} or p.sku = ${k}`);
    const row = pickByKey(rows, k);
    if (!row || row.status !== 1) throw notFound(PRODUCT_NOT_FOUND);
    return { id: row.id, typeId: row.typeId };
  }

  /** That store's stock of a product answer (the sum of its children's for a configurable). */
  async locationInventory(entry: ProductEntry, storeId: number): Promise<LocationStock[]> {
    const s = schema.storeLocations;
    const [row] = await this.db
      .select({
        store: s,
        qty: sql<number>`(select coalesce(sum(i.qty), 0) from inventory i
          where i.location_id = store_locations.location_id and i.product_id = any(${intArray(entry.stockIds)}))::int`,
      })
      .from(s)
      .where(eq(s.locationId, storeId));
    if (!row) throw notFound(STORE_NOT_FOUND);
    const qty = Math.max(0, Number(row.qty));
    return [{ ...toStoreLocation(row.store, null), qty, in_stock: qty > 0 }];
  }

  /** Drop every cached answer (the version check does this by itself; tests and tools may too). */
  clearCache(): void {
    this.dropAll();
    this.versions.expire();
  }

  /** A product's row changed (`null`: any number of them): the answers built from it go. */
  forgetProduct(id: number | null): void {
    this.changes.record(id);
    if (id === null) {
      this.dropAll();
      return;
    }
    for (const key of [...(this.answersOf.get(id) ?? [])]) this.answers.delete(key);
    this.listCache.delete(id);
    this.items.delete(id);
  }

  private dropAll(): void {
    this.answersOf.clear();
    this.answers.clear();
    this.keys.clear();
    this.listCache.clear();
    this.items.clear();
  }

  private keep(key: string, entry: ProductEntry): void {
    this.answers.set(key, entry);
    for (const id of entry.builtFrom) {
      let keys = this.answersOf.get(id);
      if (!keys) this.answersOf.set(id, keys = new Set());
      keys.add(key);
    }
  }

  private unindex(entry: ProductEntry, key: string): void {
    for (const id of entry.builtFrom) {
      const keys = this.answersOf.get(id);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.answersOf.delete(id);
    }
  }

  private answerKey(id: number, mask: EmbedMask, fmt: MoneyFormat) {
    return `${id}|${mask}|${fmt.key}`;
  }

  private async checkVersion(): Promise<string> {
    const version = await this.versions.current();
    if (version !== this.version) {
      this.version = version;
      this.dropAll();
    }
    return version;
  }

  // -------------------------------------------------------------------------------------------
  // batching

  private schedule() {
    if (this.scheduled || this.running >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.queue.length > 0 && this.running < this.maxInFlight) {
        const batch = this.queue.splice(0, MAX_BATCH);
        this.running++;
        this.runBatch(batch)
          .catch((error) => batch.forEach((p) => p.reject(error)))
          .finally(() => {
            this.running--;
            this.schedule();
          });
      }
    });
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const since = this.changes.mark();
    try {
      await this.buildBatch(batch, since);
    } finally {
      this.changes.release(since);
    }
  }

  /** The batch's answers, kept unless a product they were built from changed after `since`. */
  private async buildBatch(batch: Pending[], since: number): Promise<void> {
    // without the change feed nothing says when a product changes: answers are kept for a second
    const keepFor = this.feed?.live ? 24 * 3_600_000 : VERSION_CHECK_MS;
    const version = await this.checkVersion();
    const clockNow = Date.now();
    const keys = [...new Set(batch.map((p) => p.key.trim()))];
    let union = 0;
    for (const p of batch) union |= p.mask;
    const [fetched, dict] = await Promise.all([this.fetchBatch(keys, union), this.dictionaries.get(version)]);

    const byKey = new Map<string, DetailRow | null>();
    for (const key of keys) {
      const row = pickByKey(fetched.main, key);
      byKey.set(key, row && row.status === 1 ? row : null);
    }
    const data = await this.relate(fetched, dict, version, since);

    const built = new Map<string, ProductEntry>();
    for (const pending of batch) {
      const row = byKey.get(pending.key.trim()) ?? null;
      if (version === this.version) this.keys.set(pending.key, row ? row.id : null);
      if (!row) {
        pending.resolve(null);
        continue;
      }
      const cacheKey = this.answerKey(row.id, pending.mask, pending.fmt);
      let entry = built.get(cacheKey);
      if (!entry) {
        const clock = new Clock(clockNow);
        const doc = this.buildDetail(row, pending.mask, data, pending.fmt, clock);
        this.answersBuilt += 1;
        entry = {
          id: row.id,
          typeId: row.typeId,
          stockIds: row.typeId === "configurable" ? doc.simple_products.map((c) => Number(c.entity_id)) : [row.id],
          json: JSON.stringify(doc),
          validUntil: Math.min(clock.next, clockNow + keepFor),
          builtFrom: [row.id, ...(data.relations.get(row.id) ?? []).map((r) => r.row.id)],
        };
        built.set(cacheKey, entry);
        if (version === this.version && this.changes.unchanged(since, entry.builtFrom)) this.keep(cacheKey, entry);
      }
      pending.resolve(entry);
    }
  }

  /**
   * One statement per batch, whatever its size: the products asked for (by id, url key or sku),
   * their children and open-box items, link and bundle tuples, attribute values, assets,
   * categories and promotions. Each part is aggregated to JSON in the database, which costs far
   * less than shipping rows one by one. Linked products come as ids only: their list data is
   * mostly in memory already (see listRows).
   */
  private async fetchBatch(keys: string[], mask: EmbedMask): Promise<FetchedBatch> {
    const ids = keys.filter(isPositiveInt).map(Number);
    const linkTypes = [has(mask, "crosssells") && "crosssell", has(mask, "relateds") && "related", has(mask, "upsells") && "upsell"]
      .filter((t): t is string => Boolean(t));
    const [row] = await this.batchStatement.run([ids, keys, has(mask, "outlets"), has(mask, "parentbundles"), linkTypes]);
    const out = {} as FetchedBatch;
    for (const [k, v] of Object.entries(row!)) (out as unknown as Record<string, unknown>)[k] = typeof v === "string" ? JSON.parse(v) : v;
    return out;
  }

  /** Groups a batch's tuples by product and puts list data on every linked product. */
  private async relate(f: FetchedBatch, dict: Dictionary, version: string, since: number): Promise<BatchData> {
    // a row read before its product changed is used for this batch only
    const fresh = (id: number) => version === this.version && this.changes.unchanged(since, [id]);
    const relations: RelationRow[] = [];
    for (const m of f.members) {
      relations.push({ row: m, rel: m.rel, owner: m.owner, pos: m.position, flag: false, opt: null, sel: null, sqty: null });
      if (fresh(m.id)) this.listCache.set(m.id, m);
    }
    const linked = new Set<number>();
    for (const l of f.links) linked.add(l[2]);
    for (const b of f.parentBundles) linked.add(b[1]);
    for (const s of f.selections) linked.add(s[3]);
    const list = await this.listRows([...linked], fresh);
    for (const [owner, type, id, position, preSelected] of f.links) {
      const p = list.get(id);
      // add-ons may be items not sold on their own page; related and upsell items must have a page
      if (p && (type === "crosssell" || p.visibility !== 1)) relations.push({ row: p, rel: type, owner, pos: position, flag: preSelected, opt: null, sel: null, sqty: null });
    }
    for (const [owner, bundleId] of f.parentBundles) {
      const p = list.get(bundleId);
      if (p && p.visibility !== 1) relations.push({ row: p, rel: "parentbundle", owner, pos: p.position, flag: false, opt: null, sel: null, sqty: null });
    }
    for (const [bundleId, optionId, selectionId, productId, qty, isDefault, position] of f.selections) {
      const p = list.get(productId);
      if (p) relations.push({ row: p, rel: "selection", owner: bundleId, pos: position, flag: isDefault, opt: optionId, sel: selectionId, sqty: qty });
    }
    return {
      dict,
      fresh,
      relations: group(relations, (r) => r.owner),
      values: group(f.values.map(([productId, attributeId, optionId]) => ({ productId, attributeId, optionId })), (v) => v.productId),
      superAttributes: group(f.supers.map(([productId, attributeId, position]) => ({ productId, attributeId, position })), (s) => s.productId),
      assets: group(f.assets.map(([assetId, productId, assetType, url, thumbUrl, label, position]) =>
        ({ assetId, productId, assetType, url, thumbUrl, label, position })), (a) => a.productId),
      categories: new Map([...group(f.categories, (c) => c[0])].map(([k, v]) => [k, v.map((c) => c[1])])),
      programs: group(f.programs, (p) => p.productId),
      bundleOptions: group(f.bundleOptions.map(([bundleId, optionId, title, required, position]) => ({ bundleId, optionId, title, required, position })), (o) => o.bundleId),
    };
  }

  /**
   * List data of enabled products by id: from memory (kept per catalogue version, as popular
   * add-ons and related items recur across many pages), the rest in one query.
   */
  private async listRows(ids: number[], fresh: (id: number) => boolean): Promise<Map<number, ListRow>> {
    const out = new Map<number, ListRow>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.listCache.get(id);
      if (hit === undefined) missing.push(id);
      else if (hit !== null) out.set(id, hit);
    }
    if (missing.length > 0) {
      const [found] = await rowsOf<{ rows: ListRow[] | string }>(this.db, sql`select coalesce(json_agg(d), '[]') as "rows"
        from (select ${LIST_COLUMNS} from products p where p.entity_id = any(${intArray(missing)})) d`);
      const rows = (typeof found!.rows === "string" ? JSON.parse(found!.rows) : found!.rows) as ListRow[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of missing) {
        const row = byId.get(id);
        const usable = row && row.status === 1 ? row : null;
        if (fresh(id)) this.listCache.set(id, usable);
        if (usable) out.set(id, usable);
      }
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // shaping

  /** A linked product's list item, built once and reused until its price window moves. */
  private item(row: ListRow, ctx: ListContext, fresh: (id: number) => boolean): ProductListItem {
    const hit = this.items.get(row.id);
    if (hit && hit.fmt === ctx.fmt && hit.validUntil > ctx.clock.now) {
      if (Number.isFinite(hit.validUntil)) ctx.clock.watch(new Date(hit.validUntil));
      return hit.item;
    }
    const own = new Clock(ctx.clock.now);
    const item = toListItem(row, { ...ctx, clock: own });
    if (fresh(row.id)) this.items.set(row.id, { item, validUntil: own.next, fmt: ctx.fmt });
    if (Number.isFinite(own.next)) ctx.clock.watch(new Date(own.next));
    return item;
  }

  private buildDetail(row: DetailRow, mask: EmbedMask, data: BatchData, fmt: MoneyFormat, clock: Clock): ProductDetail {
    const { dict } = data;
    const extra = plainObject(row.extra);
    const brand = row.brandId === null ? undefined : dict.brands.get(row.brandId);
    const ctx: ListContext = { fmt, clock, brandName: (id) => (id === null ? "" : dict.brands.get(id)?.name ?? "") };
    const byPosition = (a: RelationRow, b: RelationRow) => a.pos - b.pos || a.row.id - b.row.id;
    const relations = data.relations.get(row.id) ?? [];
    const rel = (kind: RelationRow["rel"]) => relations.filter((r) => r.rel === kind).sort(byPosition);

    const assets = (data.assets.get(row.id) ?? []).sort((a, b) => a.position - b.position || a.assetId - b.assetId);
    const imageAssets = assets.filter((a) => a.assetType === "image");
    const firstImage = imageAssets[0];

    // configurable: swatch attributes from the children's values
    const children = rel("child");
    const superAttributes = (data.superAttributes.get(row.id) ?? []).sort((a, b) => a.position - b.position || a.attributeId - b.attributeId);
    const childValues = new Map(children.map((c) => [c.row.id, data.values.get(c.row.id) ?? []]));
    const swatches: ProductDetail["attributes"] = [];
    superAttributes.forEach((s, ordinal) => {
      const attribute = dict.attributes.get(s.attributeId);
      if (!attribute) return;
      const productsByOption = new Map<number, string[]>();
      for (const child of children) {
        for (const v of childValues.get(child.row.id) ?? []) {
          if (v.attributeId !== s.attributeId) continue;
          const list = productsByOption.get(v.optionId) ?? [];
          list.push(String(child.row.id));
          productsByOption.set(v.optionId, list);
        }
      }
      const options = [...productsByOption.keys()]
        .map((id) => dict.options.get(id))
        .filter((o): o is NonNullable<typeof o> => Boolean(o))
        .sort((a, b) => a.position - b.position || a.label.localeCompare(b.label));
      swatches.push({
        attribute_id: String(attribute.attributeId),
        code: attribute.code,
        label: attribute.label,
        ordinal,
        options: options.map((o) => ({
          option_id: String(o.optionId), value: o.value, label: o.label, swatch: o.swatch, products: productsByOption.get(o.optionId)!,
        })),
      });
    });
    const swatchIds = new Set(superAttributes.map((s) => s.attributeId));
    const simpleProducts = children.map((c) => {
      const attributes: Record<string, string> = {};
      for (const v of childValues.get(c.row.id) ?? []) {
        if (!swatchIds.has(v.attributeId)) continue;
        const attribute = dict.attributes.get(v.attributeId);
        const option = dict.options.get(v.optionId);
        if (attribute && option) attributes[attribute.code] = option.value;
      }
      return { ...this.item(c.row, ctx, data.fresh), attributes };
    });
    let defaultSimple: string | null = null;
    if (row.typeId === "configurable" && simpleProducts.length > 0) {
      const wanted = extra.configurable_default_simple_id === undefined ? null : String(extra.configurable_default_simple_id);
      defaultSimple = simpleProducts.find((s) => s.entity_id === wanted)?.entity_id
        ?? simpleProducts.find((s) => s.in_stock)?.entity_id
        ?? simpleProducts[0]!.entity_id;
    }

    // bundle: options with their selections
    const selections = rel("selection");
    const bundleOptions = (data.bundleOptions.get(row.id) ?? [])
      .sort((a, b) => a.position - b.position || a.optionId - b.optionId)
      .map((o) => ({
        option_id: String(o.optionId),
        title: o.title,
        required: o.required,
        position: o.position,
        selections: selections.filter((s) => s.opt === o.optionId).map((s) => ({
          selection_id: String(s.sel),
          qty: s.sqty ?? 1,
          is_default: s.flag,
          position: s.pos,
          product: this.item(s.row, ctx, data.fresh),
        })),
      }));

    // stock: a configurable has its children's, a bundle as many sets as its required options allow
    let qty = row.qty;
    if (row.typeId === "configurable" && children.length > 0) {
      qty = children.reduce((sum, c) => sum + Math.max(0, c.row.qty), 0);
    } else if (row.typeId === "bundle" && bundleOptions.length > 0) {
      const required = bundleOptions.filter((o) => o.required);
      qty = required.length === 0 ? row.qty : Math.min(...required.map((o) =>
        Math.max(0, ...o.selections.map((s) => Math.floor(Math.max(0, s.product.qty) / Math.max(1, s.qty))))));
    }

    // categories the product is filed in, with their ancestors below the store root, for breadcrumbs;
    // a configurable child or open-box item without categories of its own takes its main product's
    const assigned = new Set(data.categories.get(row.id) ?? data.categories.get(row.parentId ?? row.outletOf ?? 0) ?? []);
    const categoryIds = new Set<number>();
    for (const id of assigned) for (const a of dict.categories.get(id)?.ancestors ?? [id]) categoryIds.add(a);
    const categories = [...categoryIds]
      .map((id) => dict.categories.get(id))
      .filter((c): c is NonNullable<typeof c> => c !== undefined && c.level >= 2)
      .sort((a, b) => a.level - b.level || a.position - b.position || a.entityId - b.entityId)
      .map((c) => ({
        entity_id: String(c.entityId), parent_id: String(c.parentId ?? 0), name: c.name, url_key: c.urlKey, level: c.level, assigned: assigned.has(c.entityId),
      }));

    // specifications: every attribute value, grouped
    const groups = new Map<string, { position: number; attributes: Map<number, { code: string; label: string; position: number; values: string[] }> }>();
    for (const v of data.values.get(row.id) ?? []) {
      const attribute = dict.attributes.get(v.attributeId);
      const option = dict.options.get(v.optionId);
      if (!attribute || !option) continue;
      const g = groups.get(attribute.groupName) ?? { position: attribute.position, attributes: new Map() };
      g.position = Math.min(g.position, attribute.position);
      const a = g.attributes.get(attribute.attributeId) ?? { code: attribute.code, label: attribute.label, position: attribute.position, values: [] };
      a.values.push(option.label);
      g.attributes.set(attribute.attributeId, a);
      groups.set(attribute.groupName, g);
    }
    const simpleAttributes = specificationGroups(extra.product_data) ?? [...groups.entries()]
      .sort((a, b) => a[1].position - b[1].position || a[0].localeCompare(b[0]))
      .map(([name, g]) => ({
        group: name,
        attributes: [...g.attributes.values()].sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
          .map((a) => ({ code: a.code, label: a.label, value: a.values.join(", ") })),
      }));

    const prices = buildPrices(priceColumns(row), fmt, clock);
    const finalCents = finalPriceCents(priceColumns(row), clock);
    // a package's own saving versus buying its pieces apart (already in its price)
    const packageSavings = row.typeId !== "bundle" ? 0
      : typeof extra.package_savings_amount === "number" ? extra.package_savings_amount : Math.max(0, row.price - finalCents);
    const promotions = buildPromotions(data.programs.get(row.id) ?? [], finalCents, packageSavings, fmt, clock);
    const videos = Array.isArray(extra.videos_json)
      ? (extra.videos_json as unknown[]).map(normaliseVideo)
      : assets.filter((a) => a.assetType === "video").map((a) => normaliseVideo({ Title: a.label, ThumbUrl: a.thumbUrl, FileUrl: a.url }));

    const doc: ProductDetail = {
      entity_id: String(row.id),
      url_key: row.urlKey,
      type_id: row.typeId,
      sku: row.sku,
      name: row.name,
      model_number: row.modelNumber,
      manufacturer: brand?.name ?? "",
      brand: brand ? { name: brand.name, url_key: brand.urlKey, logo_url: brand.logoUrl } : null,
      // editor HTML: never leaves the api unsanitised (the built answer is cached, so this runs once)
      description: sanitizeEditorHtml(row.description),
      short_description: sanitizeEditorHtml(row.shortDescription),
      meta_title: row.metaTitle,
      meta_description: row.metaDescription,
      meta_keyword: row.metaKeyword,
      visibility: VISIBILITY_LABELS[row.visibility as keyof typeof VISIBILITY_LABELS] ?? String(row.visibility),
      status: row.status,
      condition: row.condition,
      parent_id: row.parentId === null ? null : String(row.parentId),
      outlet_of: row.outletOf === null ? null : String(row.outletOf),
      image_url: { normal: row.imageUrl || firstImage?.url || "", small: firstImage?.thumbUrl || row.imageUrl || firstImage?.url || "" },
      videos_json: videos,
      wistia_videos: Array.isArray(extra.wistia_videos) ? extra.wistia_videos : [],
      doc_asset: extra.doc_asset ?? null,
      categories,
      attributes: swatches,
      simple_products: simpleProducts,
      configurable_default_simple_id: defaultSimple,
      bundle_selection_attributes: bundleOptions,
      prices,
      qty,
      in_stock: qty > 0,
      reviews_count: row.reviewsCount,
      reviews_rating: Number(row.reviewsRating),
      product_flags: normaliseFlags(extra.product_flags),
      product_features: normaliseFeatures(extra.product_features),
      product_data: plainObject(extra.product_data),
      simple_attributes: simpleAttributes,
      custom_columns: plainObject(extra.custom_columns),
      energy_star_qualified: row.energyStar,
      gallery_layout: typeof extra.gallery_layout === "string" ? extra.gallery_layout : "default",
      selection_qty: typeof extra.selection_qty === "number" ? extra.selection_qty : null,
      step_up: extra.step_up ?? null,
      upccode: row.upccode,
      dimensions: { height: row.height, width: row.width, depth: row.depth, weight: row.weight },
      instant_savings_to_date: promotions.instantSavingsToDate,
      consumer_rebate_to_date: promotions.consumerRebateToDate,
    };

    if (has(mask, "images")) {
      doc.images = imageAssets.length > 0
        ? imageAssets.map((a) => ({ url: a.url, thumb_url: a.thumbUrl || a.url, label: a.label || row.name, position: a.position }))
        : row.imageUrl ? [{ url: row.imageUrl, thumb_url: row.imageUrl, label: row.name, position: 0 }] : [];
    }
    if (has(mask, "assets")) {
      doc.assets = assets.map((a) => ({
        asset_id: String(a.assetId), asset_type: a.assetType, url: a.url, thumb_url: a.thumbUrl, label: a.label, position: a.position,
      }));
    }
    if (has(mask, "promotions")) doc.promotions = promotions.answer;
    if (has(mask, "crosssells")) doc.crosssells = rel("crosssell").map((r) => ({ ...this.item(r.row, ctx, data.fresh), pre_selected_add_on: r.flag }));
    if (has(mask, "relateds")) doc.relateds = rel("related").map((r) => this.item(r.row, ctx, data.fresh));
    if (has(mask, "upsells")) doc.upsells = rel("upsell").map((r) => this.item(r.row, ctx, data.fresh));
    if (has(mask, "parentbundles")) doc.parentbundles = uniqueItems(rel("parentbundle").map((r) => this.item(r.row, ctx, data.fresh)));
    if (has(mask, "outlets")) doc.outlets = rel("outlet").map((r) => ({ ...this.item(r.row, ctx, data.fresh), outlet_of: String(row.id) }));
    if (has(mask, "retailbanner")) {
      const categorySet = new Set([...categoryIds]);
      const brandKeys = brand ? new Set([brand.urlKey, manufacturerKey(brand.name)]) : new Set<string>();
      const banner = dict.retailBanners.find((b) => {
        clock.watch(b.startDate);
        clock.watch(b.endDate);
        if (b.startDate && b.startDate.getTime() > clock.now) return false;
        if (b.endDate && b.endDate.getTime() < clock.now) return false;
        // a manufacturer banner needs the product's brand; a retail banner applies unless tagged otherwise
        if (b.manufacturer ? !brandKeys.has(manufacturerKey(b.manufacturer)) : b.bannerType !== "retailbanner") return false;
        if (b.categoryId !== null && !categorySet.has(b.categoryId)) return false;
        return true;
      });
      doc.retailbanner = banner
        ? { banner_id: String(banner.bannerId), css: banner.css.replace(/</g, ""), content: sanitizeEditorHtml(banner.content), types: banner.types }
        : null;
    }
    return doc;
  }
}

/** An id wins over a url key, which wins over a sku. */
function pickByKey<T extends { id: number; urlKey: string; sku: string }>(rows: readonly T[], key: string): T | undefined {
  if (isPositiveInt(key)) {
    const byId = rows.find((r) => r.id === Number(key));
    if (byId) return byId;
  }
  return rows.find((r) => r.urlKey === key) ?? rows.find((r) => r.sku === key);
}

function uniqueItems(items: ProductListItem[]): ProductListItem[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.entity_id) && seen.add(i.entity_id));
}

function normaliseVideo(v: unknown): ProductDetail["videos_json"][number] {
  const o = plainObject(v);
  const s = (k: string) => (typeof o[k] === "string" ? (o[k] as string) : "");
  return { Title: s("Title"), Description: s("Description"), ThumbUrl: s("ThumbUrl"), FileUrl: s("FileUrl"), SubtitleUrl: s("SubtitleUrl") };
}
