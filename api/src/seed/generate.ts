/**
 * Deterministic demo-store generator: the same options always write the same rows (the demo
 * shopper's password, random unless given, is the one exception).
 *
 * All dates derive from a fixed epoch, except the date windows of special prices, rebate
 * programmes and promo banners, which are computed from today (rounded to the day) so the
 * promotions are live whenever the store is seeded. Pass `now` to pin even those.
 *
 * Rows are written with explicit ids (so products can reference each other before they exist in
 * the database), in multi-row statements, one transaction per batch of products; the id
 * sequences are moved past the seeded ids at the end. The store configuration row goes in last,
 * so an interrupted run never looks like a finished store.
 *
 * Speed: when the connection may (a superuser, always the case for the embedded database), each
 * batch transaction sets session_replication_role = replica for its own duration, which skips
 * the per-row foreign-key triggers that otherwise dominate the load time. Referential integrity
 * is then verified once, set-wise, at the end, and every seeded table gets one no-op statement so
 * statement-level triggers (such as cache version counters) still see the change.
 */
import { randomBytes } from "node:crypto";
import { CA_TAX_RATES, COUPONS, RECYCLING_FEES, SHIPPING_METHODS, US_TAX_RATES } from "./cart-data";
import { getTableName, sql } from "drizzle-orm";
import { tableUpkeep } from "../db/statistics";
import type { PgTable } from "drizzle-orm/pg-core";
import { assertValidContent } from "../cms/content-check";
import { isStructuredDataBlock } from "../cms/identifiers";
import { sanitizeEditorHtml } from "../lib/sanitize";
import type { Db } from "../db/client";
import { schema } from "../db/client";
import { brandLogoPath, categoryIconUrl, productImagePath } from "../media/paths";
import { BLOG_POSTS } from "./blog-data";
import { insertRows, type Executor } from "./bulk";
import { ATTRIBUTES, BRANDS, BUNDLES, CATEGORY_TREE, COLORS, LEAF_BY_KEY, brandGroup, type TopDef } from "./catalog-data";
import {
  CMS_PAGES, DEMO_CUSTOMER, SCRIPTS, SEARCH_REDIRECTS, STATIC_BLOCKS, categoryCustomBlock, categoryHeroBlock, menuItems, type BlockDef, type MenuDef,
} from "./content-data";
import { POSTCODES, SHIPPING_RATES, STORES } from "./locations-data";
import { POSM_ATTRIBUTE_DEF, POSM_SETS, POSM_SET_SIZE } from "./posm-data";
import { hashPassword } from "../customer/password";
import { emptyBatch, generateAddOns, generateProduct, slugify, type CatalogContext, type GeneratorState, type ProductBatch } from "./products";
import { BANNERS, PROGRAMS, addDays, programLogoUrls, startOfDay } from "./promo-data";
import { Rng } from "./random";
import { defaultStore, extraStores } from "./stores-data";
import { SEARCH_SYNONYMS } from "./search-data";

export interface SeedOptions {
  /** visible top-level products to generate (children, open-box items and add-ons come on top); default 1500 */
  products?: number;
  /** PRNG seed; default 1 */
  seed?: number;
  onProgress?: (message: string) => void;
  /** the "today" that promotion windows are built around; default the current date */
  now?: Date;
  /** settings laid over the demo store's configuration (a store configured otherwise: endless scroll, say) */
  config?: Record<string, unknown>;
  /** the demo shopper's password; default a random one, handed back in the summary */
  demoPassword?: string;
}

export interface SeedSummary {
  products: number;
  seed: number;
  /** rows written per table (SQL table name) */
  counts: Record<string, number>;
  /** milliseconds spent writing each table (varies run to run, unlike everything else) */
  writeMs: Record<string, number>;
  /** the demo shopper's sign-in; exists only in a store seeded as the demo */
  demoAccount: { email: string; password: string };
}

/** Reference instant for created_at, review and blog dates. */
export const SEED_EPOCH = new Date("2026-10-01T00:00:00.000Z");

export const DEFAULT_PRODUCT_COUNT = 1500;
/** Top-level products per transaction: big enough for fast statements, small enough to bound memory. */
const PRODUCTS_PER_TRANSACTION = 1000;

/** True when no store configuration exists yet (the seed writes it last, so only a finished seed counts). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ storeCode: schema.storeConfigs.storeCode }).from(schema.storeConfigs).limit(1);
  return rows.length === 0;
}

class Writer {
  readonly counts: Record<string, number> = {};
  readonly writeMs: Record<string, number> = {};

  async insert<T extends PgTable>(db: Executor, table: T, rows: readonly T["$inferInsert"][], batchSize?: number): Promise<void> {
    const started = performance.now();
    const n = await insertRows(db, table, rows, batchSize);
    const name = getTableName(table);
    this.counts[name] = (this.counts[name] ?? 0) + n;
    this.writeMs[name] = Math.round((this.writeMs[name] ?? 0) + performance.now() - started);
  }
}

export async function seedDemoStore(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const total = options.products ?? DEFAULT_PRODUCT_COUNT;
  const seed = options.seed ?? 1;
  if (!Number.isInteger(total) || total < 0) throw new Error(`products must be a non-negative integer, got ${total}`);
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  if (!(await isDatabaseEmpty(db))) throw new Error("the store already has data: reset the database before seeding");
  if (await hasLeftovers(db)) throw new Error("the database holds rows from an earlier, unfinished seed: reset it (npm run seed -- --reset) and seed again");
  const progress = options.onProgress ?? (() => {});
  const today = startOfDay(options.now ?? new Date());
  const writer = new Writer();
  const fastLoad = await mayBypassTriggers(db);
  const transaction = <T>(work: (tx: Executor) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      if (fastLoad) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      return work(tx);
    });

  progress("reference data: content, categories, attributes, stores");
  const demoPassword = options.demoPassword || randomDemoPassword();
  const ctx = await transaction((tx) => seedReferenceData(tx, writer, seed, today, demoPassword));

  const state: GeneratorState = { nextProductId: 1, nextBundleOptionId: 1, pools: new Map(), addOns: [] };
  const addOnBatch = emptyBatch();
  generateAddOns(ctx, state, addOnBatch);
  await transaction((tx) => writeBatch(tx, writer, addOnBatch));

  const reportEvery = Math.max(PRODUCTS_PER_TRANSACTION, Math.ceil(total / 20 / PRODUCTS_PER_TRANSACTION) * PRODUCTS_PER_TRANSACTION);
  for (let start = 0; start < total; start += PRODUCTS_PER_TRANSACTION) {
    const end = Math.min(total, start + PRODUCTS_PER_TRANSACTION);
    const batch = emptyBatch();
    for (let i = start; i < end; i++) generateProduct(ctx, state, batch, i);
    await transaction((tx) => writeBatch(tx, writer, batch));
    if (end === total || end % reportEvery === 0) progress(`products ${end}/${total}`);
  }

  // a fast load skipped the triggers that keep search facts: fill them in one statement
  if (fastLoad) {
    progress("search facts");
    await transaction((tx) => tx.execute(sql`UPDATE products p SET search_facts = product_search_facts(p.entity_id, p.brand_id, p.sku, p.model_number)`));
  }

  progress("finishing: integrity check, wishlist, popular searches, store configuration");
  await db.transaction(async (tx) => {
    if (fastLoad) await verifyForeignKeys(tx);
    await touchTables(tx, Object.keys(writer.counts));
    await seedWishlist(tx, writer, state);
    await seedPosm(tx, writer, ctx);
    await seedPopularSearches(tx, writer, seed);
    await seedCheckout(tx, writer, today);
    await advanceSequences(tx);
    // last: from here on the store counts as seeded
    // the demo retailer and two more (STORE_CODE picks one); SEED_CONFIG is laid over each
    await writer.insert(tx, schema.storeConfigs, [defaultStore(), ...extraStores()].map((store) => (
      { storeCode: store.storeCode, config: { ...store.config, ...options.config }, updatedAt: SEED_EPOCH })));
  });
  // statistics of what was seeded; the tables shoppers fill (sessions, carts, orders) stay without
  for (const table of await tableUpkeep(db)) if (table.analyze) await db.execute(sql`ANALYZE ${sql.identifier(table.name)}`);
  return {
    products: total, seed, counts: writer.counts, writeMs: writer.writeMs,
    demoAccount: { email: DEMO_CUSTOMER.email, password: demoPassword },
  };
}

/** A fresh password per seeded store: a published one would open every demo that is left running. */
const randomDemoPassword = () => `demo-${randomBytes(12).toString("base64url")}`;

/** Rows without a store configuration: an earlier run stopped half-way. */
/**
 * Empties every table of the application schema (not the migration bookkeeping, nor the
 * single-row *_version counters other modules keep; the seed's own writes move those on).
 */
export async function emptyStore(db: Db): Promise<number> {
  const result = await db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '%\\_version' ORDER BY tablename`,
  );
  const rows = resultRows<{ tablename: string }>(result);
  const tables = rows.map((r) => `"public"."${r.tablename.replace(/"/g, '""')}"`);
  if (tables.length > 0) await db.execute(sql.raw(`TRUNCATE ${tables.join(", ")} RESTART IDENTITY CASCADE`));
  return tables.length;
}

/** Rows without a store configuration: an earlier seed stopped before it finished. */
export async function hasLeftovers(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.categories.entityId }).from(schema.categories).limit(1);
  return rows.length > 0;
}

async function mayBypassTriggers(db: Db): Promise<boolean> {
  const result = await db.execute<{ su: string }>(sql`SELECT current_setting('is_superuser') AS su`);
  return resultRows<{ su: string }>(result)[0]?.su === "on";
}

/** Every foreign key in the schema, checked set-wise: the load skipped the per-row checks. */
async function verifyForeignKeys(tx: Executor): Promise<void> {
  const constraints = resultRows<{ name: string; child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(await tx.execute(sql`
    SELECT c.conname AS name, cl.relname AS child, pl.relname AS parent,
      array_agg(ca.attname::text ORDER BY k.ord) AS child_cols, array_agg(pa.attname::text ORDER BY k.ord) AS parent_cols
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_class pl ON pl.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    CROSS JOIN LATERAL unnest(c.conkey, c.confkey) WITH ORDINALITY AS k(child_att, parent_att, ord)
    JOIN pg_attribute ca ON ca.attrelid = c.conrelid AND ca.attnum = k.child_att
    JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = k.parent_att
    WHERE c.contype = 'f' AND n.nspname = 'public'
    GROUP BY c.conname, cl.relname, pl.relname
    ORDER BY c.conname`));
  const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;
  for (const fk of constraints) {
    const notNull = fk.child_cols.map((col) => `c.${q(col)} IS NOT NULL`).join(" AND ");
    const match = fk.child_cols.map((col, k) => `p.${q(fk.parent_cols[k])} = c.${q(col)}`).join(" AND ");
    const orphans = resultRows<{ n: string | number }>(await tx.execute(sql.raw(
      `SELECT count(*) AS n FROM ${q(fk.child)} c WHERE ${notNull} AND NOT EXISTS (SELECT 1 FROM ${q(fk.parent)} p WHERE ${match})`,
    )));
    const n = Number(orphans[0]?.n ?? 0);
    if (n > 0) throw new Error(`seed integrity: ${n} rows of ${fk.child} break foreign key ${fk.name}`);
  }
}

/** Tax rates, coupons, shipping methods and recycling fees (see cart-data.ts). */
async function seedCheckout(tx: Executor, writer: Writer, today: Date): Promise<void> {
  await writer.insert(tx, schema.taxRates, [
    ...US_TAX_RATES.map(([regionCode, regionName, rateBp]) => ({ countryId: "US", regionCode, regionName, rateBp, label: "Sales Tax" })),
    ...CA_TAX_RATES.map(([regionCode, regionName, rateBp, label]) => ({ countryId: "CA", regionCode, regionName, rateBp, label })),
  ]);
  await writer.insert(tx, schema.coupons, COUPONS.map((c) => ({
    code: c.code, type: c.type, amount: c.amount, minSubtotal: c.minSubtotal ?? 0,
    startsAt: c.startOffset === undefined ? null : addDays(today, c.startOffset), endsAt: c.endOffset === undefined ? null : addDays(today, c.endOffset),
    usageLimit: c.usageLimit ?? null, timesUsed: c.timesUsed ?? 0,
  })));
  await writer.insert(tx, schema.shippingMethods, SHIPPING_METHODS.map((m) => ({ ...m })));
  for (const fee of RECYCLING_FEES) {
    await tx.execute(sql`
      INSERT INTO product_fees (product_id, title, amount)
      SELECT DISTINCT pc.product_id, ${fee.title}, ${fee.amount}::int FROM product_categories pc
      JOIN categories c ON c.entity_id = pc.category_id
      JOIN categories top ON top.url_key = ${fee.categoryKey}
      WHERE c.entity_id = top.entity_id OR c.path LIKE top.path || '/%'
      ON CONFLICT DO NOTHING`);
  }
}

/** One no-op statement per seeded table, so statement-level triggers skipped during the load run once. */
async function touchTables(tx: Executor, tables: readonly string[]): Promise<void> {
  for (const table of tables) await tx.execute(sql.raw(`DELETE FROM "${table.replace(/"/g, '""')}" WHERE false`));
}

async function writeBatch(tx: Executor, writer: Writer, batch: ProductBatch): Promise<void> {
  // Products first: every other row points at them (links may point into this same batch).
  await writer.insert(tx, schema.products, batch.products, 500);
  await writer.insert(tx, schema.productCategories, batch.categories, 5000);
  await writer.insert(tx, schema.productAttributeValues, batch.attributes, 5000);
  await writer.insert(tx, schema.productSuperAttributes, batch.superAttributes, 5000);
  await writer.insert(tx, schema.productAssets, batch.assets, 2000);
  await writer.insert(tx, schema.productLinks, batch.links, 5000);
  await writer.insert(tx, schema.bundleOptions, batch.bundleOptions, 2000);
  await writer.insert(tx, schema.bundleSelections, batch.bundleSelections, 2000);
  await writer.insert(tx, schema.productPromotions, batch.promotions, 5000);
  await writer.insert(tx, schema.reviews, batch.reviews, 1000);
  await writer.insert(tx, schema.inventory, batch.inventory, 5000);
}

// ---------------------------------------------------------------------------------------------
// reference data
// ---------------------------------------------------------------------------------------------

async function seedReferenceData(tx: Executor, writer: Writer, seed: number, today: Date, demoPassword: string): Promise<CatalogContext> {
  const r = Rng.for(seed, 0, 3);

  // brands
  const brandIds = new Map<string, number>();
  const brandKeys = new Map<string, string>();
  const brandRows = BRANDS.map((b, i) => {
    const urlKey = slugify(b.name);
    brandIds.set(b.name, i + 1);
    brandKeys.set(b.name, urlKey);
    return { brandId: i + 1, name: b.name, urlKey, logoUrl: brandLogoPath(urlKey) };
  });
  await writer.insert(tx, schema.brands, brandRows);

  // attributes and their options
  const attributeIds = new Map<string, number>();
  const optionIds = new Map<string, number>();
  const optionLabels = new Map<string, string>();
  const attributeRows: (typeof schema.attributes.$inferInsert)[] = [];
  const optionRows: (typeof schema.attributeOptions.$inferInsert)[] = [];
  ATTRIBUTES.forEach((a, i) => {
    const attributeId = i + 1;
    attributeIds.set(a.code, attributeId);
    attributeRows.push({
      attributeId, code: a.code, label: a.label, frontendInput: a.input, isFilterable: a.filterable ?? true, isSwatch: a.swatch === true,
      isComparable: a.comparable ?? true, groupName: a.group, position: i + 1,
    });
    const options = a.code === "manufacturer" ? BRANDS.map((b) => ({ value: slugify(b.name), label: b.name, swatch: undefined })) : a.options;
    options.forEach((o, k) => {
      const optionId = optionRows.length + 1;
      optionIds.set(`${a.code}:${o.value}`, optionId);
      optionLabels.set(`${a.code}:${o.value}`, o.label);
      optionRows.push({ optionId, attributeId, value: o.value, label: o.label, swatch: o.swatch ?? null, position: k + 1 });
    });
  });
  // point-of-sale marketing sets: not a filter, not compared, filled once the products exist (seedPosm)
  const posmAttributeId = attributeRows.length + 1;
  attributeIds.set(POSM_ATTRIBUTE_DEF.code, posmAttributeId);
  attributeRows.push({
    attributeId: posmAttributeId, code: POSM_ATTRIBUTE_DEF.code, label: POSM_ATTRIBUTE_DEF.label, frontendInput: POSM_ATTRIBUTE_DEF.input,
    isFilterable: false, isSwatch: false, isComparable: false, groupName: POSM_ATTRIBUTE_DEF.group, position: posmAttributeId,
  });
  POSM_SETS.forEach((set, k) => {
    const optionId = optionRows.length + 1;
    optionIds.set(`${POSM_ATTRIBUTE_DEF.code}:${set.value}`, optionId);
    optionLabels.set(`${POSM_ATTRIBUTE_DEF.code}:${set.value}`, set.label);
    optionRows.push({ optionId, attributeId: posmAttributeId, value: set.value, label: set.label, swatch: null, position: k + 1 });
  });
  await writer.insert(tx, schema.attributes, attributeRows);
  await writer.insert(tx, schema.attributeOptions, optionRows);

  // blog posts (category landings refer to them by id)
  const blogRows = BLOG_POSTS.map((p, i) => ({
    postId: i + 1, urlKey: p.urlKey, title: p.title, shortContent: p.shortContent, content: p.content.join("\n"),
    imageUrl: productImagePath({ kind: p.image.kind, color: p.image.color, style: p.image.style, tweak: i % 4, view: "room" }),
    author: p.author, publishedAt: new Date(SEED_EPOCH.getTime() - p.daysBeforeEpoch * 86_400_000 + 9 * 3_600_000),
  }));
  await writer.insert(tx, schema.blogPosts, blogRows);

  // categories and the blocks their landing pages use
  const tree = buildCategories(brandIds);
  await writer.insert(tx, schema.categories, tree.rows);
  // content that breaks the editor rules (spec 000 §5) is refused with every reason, before anything is written
  assertValidContent([
    ...[...STATIC_BLOCKS, ...tree.blocks].map((b) => ({ kind: "block" as const, identifier: b.identifier, content: b.content })),
    ...CMS_PAGES.map((p) => ({ kind: "page" as const, identifier: p.identifier, content: p.content })),
  ]);
  await writer.insert(tx, schema.cmsBlocks, [...STATIC_BLOCKS, ...tree.blocks].map((b: BlockDef) => ({
    identifier: b.identifier, title: b.title, content: isStructuredDataBlock(b.identifier) ? b.content : sanitizeEditorHtml(b.content), isActive: true,
  })));
  await writer.insert(tx, schema.cmsPages, CMS_PAGES.map((p) => ({
    identifier: p.identifier, title: p.title, contentHeading: p.contentHeading, content: sanitizeEditorHtml(p.content), metaDescription: p.metaDescription,
    metaKeywords: p.metaKeywords, structuredData: p.structuredData ?? "", noIndex: p.noIndex === true, publishedRevisionId: 1, isActive: true,
  })));

  // navigation, scripts, redirects
  const topBrands = ["Frostline", "Kessler", "Whitmore", "Sonaris", "Auralis", "Harborview", "Alder & Oak", "Somerset Lane"]
    .map((name) => ({ name, urlKey: slugify(name) }));
  const menuRows: (typeof schema.menuItems.$inferInsert)[] = [];
  const addMenu = (items: readonly MenuDef[], parentNodeId: number | null): void => {
    items.forEach((item, k) => {
      const nodeId = menuRows.length + 1;
      menuRows.push({
        nodeId, parentNodeId, label: item.label, requestUrl: item.requestUrl, hrefOverride: "", target: item.target ?? "_self", iconUrl: "",
        topMenuVisibility: "1", placement: "main", position: k + 1,
      });
      if (item.children) addMenu(item.children, nodeId);
    });
  };
  addMenu(menuItems(PROGRAMS, topBrands), null);
  await writer.insert(tx, schema.menuItems, menuRows);
  await writer.insert(tx, schema.scripts, SCRIPTS.map((s) => ({
    parentId: null, location: s.location, cmsPages: s.cmsPages, forceReload: s.forceReload ?? false, htmlAttribs: s.htmlAttribs, scriptName: s.scriptName,
    source: "inline", script: s.script, type: "text/javascript", additionalHtml: s.additionalHtml ?? "",
  })));
  await writer.insert(tx, schema.searchRedirects, SEARCH_REDIRECTS.map(([term, url]) => ({ term, url })));
  // every demo store sells the same catalogue, so each gets the same synonyms
  const storeCodes = [defaultStore(), ...extraStores()].map((store) => store.storeCode);
  await writer.insert(tx, schema.searchSynonyms, storeCodes.flatMap((storeCode) =>
    SEARCH_SYNONYMS.map((s) => ({ storeCode, input: s.input, synonyms: [...s.synonyms] }))));

  // promotions (their windows follow today, see the module comment)
  await writer.insert(tx, schema.rebatePrograms, PROGRAMS.map((p) => ({
    programId: p.programId, promoName: p.promoName, promoShortDescription: p.promoShortDescription,
    startDate: addDays(today, p.startOffset), endDate: addDays(today, p.endOffset), rebateFormUrl: p.rebateFormUrl,
    brandLogoUrls: programLogoUrls(p), manufacturer: p.manufacturer, linqType: p.linqType, afterCheckout: p.afterCheckout, amount: p.amount,
  })));
  await writer.insert(tx, schema.promoBanners, BANNERS.map((b, k) => ({
    bannerType: b.bannerType, css: b.css, content: b.content, types: b.types,
    categoryId: b.categoryKey ? tree.ids.get(b.categoryKey) ?? null : null, manufacturer: b.manufacturer ?? null, displayMode: b.displayMode ?? null,
    startDate: addDays(today, b.startOffset), endDate: addDays(today, b.endOffset), position: k + 1,
  })));

  // stores, ZIP centroids, delivery rates
  const storeRows = STORES.map((s, i) => ({
    locationId: i + 1, googleCode: s.googleCode, storeName: `${s.storeName}`, street: s.street, city: s.city, region: s.region, postcode: s.postcode,
    countryId: "US", phone: s.phone, latitude: s.latitude, longitude: s.longitude, pickupMethod: s.pickupMethod, hours: s.hours,
  }));
  await writer.insert(tx, schema.storeLocations, storeRows);
  await writer.insert(tx, schema.postcodes, POSTCODES.map(([postcode, latitude, longitude, region]) => ({ postcode, countryId: "US", latitude, longitude, region })));
  await writer.insert(tx, schema.shippingRates, SHIPPING_RATES.map((s) => ({ countryId: "US", ...s })));

  // the demo shopper: a salt from the seed keeps the row reproducible
  const salt = Buffer.from(Array.from({ length: 16 }, () => r.int(0, 255)));
  await writer.insert(tx, schema.customers, [{
    entityId: 1, email: DEMO_CUSTOMER.email, firstname: DEMO_CUSTOMER.firstname, lastname: DEMO_CUSTOMER.lastname,
    passwordHash: await hashPassword(demoPassword, salt), newsletterIsSubscribed: true, createdAt: new Date(SEED_EPOCH.getTime() - 200 * 86_400_000),
  }]);

  return {
    seed, epoch: SEED_EPOCH, today, brandIds, brandKeys, attributeIds, optionIds, optionLabels,
    categoryChains: tree.chains, categoryNames: tree.names, storeIds: storeRows.map((s) => s.locationId),
  };
}

interface CategoryTree {
  rows: (typeof schema.categories.$inferInsert)[];
  blocks: BlockDef[];
  ids: Map<string, number>;
  chains: Map<string, number[]>;
  names: Map<string, string[]>;
}

const SECTION_ORDER = ["hero", "featured", "banners", "blogs", "brands", "custom"];
const FEATURED: Record<string, { attribute: string; value: string; title: string }> = {
  appliances: { attribute: "energy_star", value: "1", title: "ENERGY STAR certified favorites" },
  electronics: { attribute: "resolution", value: "4k", title: "4K TVs and displays" },
  furniture: { attribute: "material", value: "performance-fabric", title: "Family-friendly performance fabrics" },
  accessories: { attribute: "manufacturer", value: "installpro", title: "Installation and services" },
  outlet: { attribute: "condition", value: "new", title: "Clearance picks" },
};

/** Category rows in depth-first order: 1 root, 2 default, then each top level with its subtree. */
function buildCategories(brandIds: ReadonlyMap<string, number>): CategoryTree {
  const out: CategoryTree = { rows: [], blocks: [], ids: new Map(), chains: new Map(), names: new Map() };
  const add = (row: Omit<typeof schema.categories.$inferInsert, "entityId">): number => {
    const entityId = out.rows.length + 1;
    out.rows.push({ ...row, entityId });
    out.ids.set(row.urlKey, entityId);
    return entityId;
  };
  add({ parentId: null, path: "1", urlKey: "root-catalog", name: "Root Catalog", level: 0, position: 0, includeInMenu: "0" });
  add({
    parentId: 1, path: "1/2", urlKey: "default-category", name: "Default Category", level: 1, position: 1, includeInMenu: "1",
    metaTitle: "Shop All", h1Title: "Shop All", description: "<p>Browse every appliance, electronics and furniture category.</p>",
  });

  CATEGORY_TREE.forEach((top, topIndex) => {
    const topImage = productImagePath({ kind: top.kind, color: COLORS[top.color].hex.slice(1), style: 0, tweak: 0, view: "room" });
    const topBrands = brandsFor(top, brandIds);
    const topBlogs = BLOG_POSTS.flatMap((p, i) => (p.categories.includes(top.urlKey) ? [i + 1] : []));
    const topId = add({
      parentId: 2, path: "", urlKey: top.urlKey, name: top.name, level: 2, position: topIndex + 1, includeInMenu: top.includeInMenu ? "1" : "0",
      displayMode: top.displayMode, description: `<p>${top.blurb}</p>`,
      bottomDescription: `<p>Shop ${top.name.toLowerCase()} at Hearth &amp; Home Outfitters with free store pickup, local delivery and financing on qualifying purchases.</p>`,
      metaTitle: `${top.name} | Shop ${top.name} Online`, metaDescription: top.blurb, metaKeywords: top.branches.map((b) => b.name.toLowerCase()).join(", "),
      h1Title: top.name, h2Title: `Shop ${top.name} by Category`, imageUrl: topImage, iconUrl: categoryIconUrl(top.urlKey), defaultSortBy: "position",
      landing: {
        hero_block: `${top.urlKey}-hero`,
        featured: { ...FEATURED[top.urlKey], special_catalog: `${FEATURED[top.urlKey].attribute}/${FEATURED[top.urlKey].value}`, limit: 18 },
        banner_type: "category",
        blog_post_ids: topBlogs,
        brand_ids: topBrands,
        custom_block: `${top.urlKey}-custom`,
        section_order: SECTION_ORDER,
        layout: top.displayMode === "PAGE" ? "full_width" : "contained",
      },
    });
    out.blocks.push(categoryHeroBlock(top.urlKey, top.name, top.blurb, topImage), categoryCustomBlock(top.urlKey, top.name));

    top.branches.forEach((branch, branchIndex) => {
      const firstLeaf = typeof branch.leaves[0] === "string" ? LEAF_BY_KEY.get(branch.leaves[0]) : undefined;
      const branchImage = firstLeaf
        ? productImagePath({ kind: firstLeaf.kind, color: COLORS[firstLeaf.colors[0][0]].hex.slice(1), style: firstLeaf.style, tweak: 1, view: "room" })
        : topImage;
      const branchBrands = brandsFor({ ...top, branches: [branch] }, brandIds);
      const branchId = add({
        parentId: topId, path: "", urlKey: branch.urlKey, name: branch.name, level: 3, position: branchIndex + 1,
        includeInMenu: branch.includeInMenu === false ? "0" : "1", description: `<p>${branch.blurb}</p>`,
        metaTitle: `${branch.name} | ${top.name}`, metaDescription: branch.blurb, metaKeywords: branch.name.toLowerCase(),
        h1Title: branch.name, imageUrl: branchImage, defaultSortBy: "position",
        landing: {
          hero_block: `${branch.urlKey}-hero`,
          featured: branchBrands.length
            ? { attribute: "manufacturer", value: slugify(BRANDS[branchBrands[0] - 1].name), special_catalog: `manufacturer/${slugify(BRANDS[branchBrands[0] - 1].name)}`,
              title: `Featured ${BRANDS[branchBrands[0] - 1].name} ${branch.name.toLowerCase()}`, limit: 18 }
            : { ...FEATURED[top.urlKey], special_catalog: `${FEATURED[top.urlKey].attribute}/${FEATURED[top.urlKey].value}`, limit: 18 },
          banner_type: "category",
          blog_post_ids: topBlogs.slice(0, 2),
          brand_ids: branchBrands,
          custom_block: "",
          section_order: SECTION_ORDER.filter((s) => s !== "custom"),
          layout: "contained",
        },
      });
      out.blocks.push(categoryHeroBlock(branch.urlKey, branch.name, branch.blurb, branchImage));

      branch.leaves.forEach((leafRef, leafIndex) => {
        const leaf = typeof leafRef === "string" ? LEAF_BY_KEY.get(leafRef) : undefined;
        const bundle = typeof leafRef === "string" ? BUNDLES.find((b) => b.urlKey === leafRef) : undefined;
        const urlKey = typeof leafRef === "string" ? leafRef : leafRef.urlKey;
        const name = leaf?.name ?? bundle?.name ?? (typeof leafRef === "string" ? leafRef : leafRef.name);
        const image = leaf
          ? productImagePath({ kind: leaf.kind, color: COLORS[leaf.colors[0][0]].hex.slice(1), style: leaf.style, tweak: 0, view: "front" })
          : bundle ? productImagePath({ kind: bundle.kind, color: "c0c4c8", style: bundle.style, tweak: 0, view: "front" }) : branchImage;
        const leafId = add({
          parentId: branchId, path: "", urlKey, name, level: 4, position: leafIndex + 1,
          // open-box bundles and plans are reached from product pages, so a few leaves stay out of the menu
          includeInMenu: top.includeInMenu && urlKey !== "installation-services" ? "1" : "0",
          description: `<p>Shop ${name.toLowerCase()} from top brands at Hearth &amp; Home Outfitters.</p>`,
          metaTitle: `${name} | ${branch.name}`, metaDescription: `Compare ${name.toLowerCase()} by price, features and reviews. Free store pickup and local delivery.`,
          metaKeywords: `${name.toLowerCase()}, ${branch.name.toLowerCase()}`, h1Title: name, imageUrl: image, defaultSortBy: "position",
        });
        out.chains.set(urlKey, [2, topId, branchId, leafId]);
        out.names.set(urlKey, [name, branch.name, top.name]);
      });
    });
  });
  // Paths need every ancestor id, known only now.
  const byId = new Map(out.rows.map((row) => [row.entityId!, row]));
  for (const row of out.rows) {
    if (row.path) continue;
    const parent = byId.get(row.parentId!)!;
    row.path = `${parent.path}/${row.entityId}`;
  }
  return out;
}

function brandsFor(top: Pick<TopDef, "branches">, brandIds: ReadonlyMap<string, number>): number[] {
  const names = new Set<string>();
  for (const branch of top.branches) {
    for (const ref of branch.leaves) {
      const leaf = typeof ref === "string" ? LEAF_BY_KEY.get(ref) : undefined;
      if (leaf) for (const name of brandGroup(leaf.brands)) names.add(name);
    }
  }
  return [...names].slice(0, 8).map((n) => brandIds.get(n)!).filter((id) => id !== undefined);
}

// ---------------------------------------------------------------------------------------------
// finishing touches
// ---------------------------------------------------------------------------------------------

/** The demo shopper's wishlist: the first few generated products. */
async function seedWishlist(tx: Executor, writer: Writer, state: GeneratorState): Promise<void> {
  const rows = await tx.execute<{ entity_id: number }>(
    sql`SELECT entity_id FROM products WHERE entity_id > ${state.addOns.length} AND visibility = 4 ORDER BY entity_id LIMIT 3`,
  );
  const productIds = resultRows<{ entity_id: number }>(rows).map((row) => Number(row.entity_id));
  await writer.insert(tx, schema.wishlistItems, productIds.map((productId, k) => ({
    customerId: 1, productId, addedAt: new Date(SEED_EPOCH.getTime() - (10 - k) * 86_400_000),
  })));
}

/**
 * Point-of-sale marketing sets: the best reviewed visible products of each of a set's categories
 * in turn (ties by id), chosen from the written rows so the product generator's random stream is
 * untouched.
 */
async function seedPosm(tx: Executor, writer: Writer, ctx: CatalogContext): Promise<void> {
  const attributeId = ctx.attributeIds.get(POSM_ATTRIBUTE_DEF.code)!;
  const rows: (typeof schema.productAttributeValues.$inferInsert)[] = [];
  for (const set of POSM_SETS) {
    const perCategory: number[][] = [];
    for (const key of set.from) {
      const picked = await tx.execute<{ entity_id: number }>(sql`
        SELECT p.entity_id FROM products p
        JOIN product_categories pc ON pc.product_id = p.entity_id JOIN categories c ON c.entity_id = pc.category_id
        WHERE c.url_key = ${key} AND p.status = 1 AND p.visibility = 4 AND p.parent_id IS NULL AND p.outlet_of IS NULL
        ORDER BY p.reviews_count DESC, p.entity_id
        LIMIT ${POSM_SET_SIZE}`);
      perCategory.push(resultRows<{ entity_id: number }>(picked).map((r) => Number(r.entity_id)));
    }
    const members = new Set<number>();
    for (let rank = 0; rank < POSM_SET_SIZE && members.size < POSM_SET_SIZE; rank++) {
      for (const list of perCategory) if (list[rank] !== undefined && members.size < POSM_SET_SIZE) members.add(list[rank]);
    }
    const optionId = ctx.optionIds.get(`${POSM_ATTRIBUTE_DEF.code}:${set.value}`)!;
    for (const productId of members) rows.push({ productId, attributeId, optionId });
  }
  await writer.insert(tx, schema.productAttributeValues, rows);
}

const POPULAR_SEARCHES: readonly (readonly [string, number])[] = [
  ["refrigerator", 40], ["french door refrigerator", 28], ["washer", 30], ["dryer", 22], ["washer and dryer", 18], ["dishwasher", 25], ["gas range", 16],
  ["electric range", 14], ["microwave", 20], ["oled tv", 24], ["65 inch tv", 19], ["soundbar", 15], ["headphones", 12], ["laptop", 17], ["sofa", 21],
  ["sectional", 13], ["recliner", 11], ["mattress", 23], ["queen bed", 9], ["dining table", 10], ["office chair", 8], ["chest freezer", 7],
  ["induction", 6], ["water filter", 9], ["stainless steel", 5],
];

/** Past shopper searches (they feed suggestions); result sizes are counted against the seeded catalogue. */
async function seedPopularSearches(tx: Executor, writer: Writer, seed: number): Promise<void> {
  const r = Rng.for(seed, 0, 4);
  const rows: (typeof schema.searchQueries.$inferInsert)[] = [];
  for (const [query, weight] of POPULAR_SEARCHES) {
    const counted = await tx.execute<{ n: number | string }>(
      sql`SELECT count(*) AS n FROM products WHERE visibility IN (3, 4) AND search_vector @@ websearch_to_tsquery('english', ${query})`,
    );
    const resultSize = Number(resultRows<{ n: number | string }>(counted)[0]?.n ?? 0);
    for (let k = 0; k < weight; k++) {
      // each past search by a different shopper, so the demo store has suggestions from the start
      rows.push({ query, resultSize, sessionId: null, client: `seed:${k}`, createdAt: new Date(SEED_EPOCH.getTime() - r.int(0, 60 * 86_400) * 1000) });
    }
  }
  await writer.insert(tx, schema.searchQueries, rows);
  // the per-row trigger that keeps search_terms may be off during a fast load: count them set-wise
  await tx.execute(sql`
    INSERT INTO search_term_shoppers (query, client)
    SELECT DISTINCT lower(query), client FROM search_queries WHERE result_size > 0 AND client IS NOT NULL
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO search_terms (query, count, shoppers, last_searched_at)
    SELECT q.query, q.n, (SELECT count(*)::int FROM search_term_shoppers s WHERE s.query = q.query), q.at
    FROM (SELECT lower(query) AS query, count(*)::int AS n, max(created_at) AS at FROM search_queries WHERE result_size > 0 GROUP BY 1) q
    ON CONFLICT (query) DO UPDATE SET count = EXCLUDED.count, shoppers = EXCLUDED.shoppers, last_searched_at = EXCLUDED.last_searched_at`);
}

/** Tables seeded with explicit ids: move their sequences past the largest id. */
const EXPLICIT_ID_TABLES: readonly (readonly [string, string])[] = [
  ["brands", "brand_id"], ["attributes", "attribute_id"], ["attribute_options", "option_id"], ["blog_posts", "post_id"], ["categories", "entity_id"],
  ["menu_items", "node_id"], ["store_locations", "location_id"], ["customers", "entity_id"], ["products", "entity_id"], ["bundle_options", "option_id"],
];

async function advanceSequences(tx: Executor): Promise<void> {
  for (const [table, column] of EXPLICIT_ID_TABLES) {
    await tx.execute(sql.raw(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), COALESCE((SELECT MAX("${column}") FROM "${table}"), 0) + 1, false)`,
    ));
  }
}

/** Both drivers' execute() results, reduced to their rows. */
function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
