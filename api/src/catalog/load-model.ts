import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { sanitizeEditorHtml } from "../lib/sanitize";
import { TextIndex, type TextDocument } from "../search/text-index";
import { synonymsByStore, type SynonymRow } from "../search/synonyms";
import { AVAILABILITY_ATTRIBUTE, IN_STOCK_VALUE } from "@store/contract";
import { CatalogModel, PRICE_FACET, type ModelAttribute, type ModelCategory, type ModelOption, type ModelProgram } from "./index-model";
import { flattened } from "../lib/flattened";

/** Reading the catalogue read model (index-model.ts) out of PostgreSQL. */

type Runner = Pick<Db, "execute">;

async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface ProductRow {
  id: number;
  sku: string;
  url_key: string;
  type_id: string;
  name: string;
  model_number: string;
  manufacturer: string;
  condition: string;
  visibility: number;
  outlet_of: number | null;
  price: number;
  special_from: number | null;
  special_to: number | null;
  msrp: number | null;
  poa: boolean;
  display_add_to_cart: boolean;
  final_price: number;
  qty: number;
  image_url: string;
  reviews_count: number;
  reviews_rating: number;
  flags: unknown;
  created: number;
}

/** The flags a product's display data carries, kept only when well formed. */
function productFlags(raw: unknown): Array<{ position: number; visible: boolean; text: string; color: string }> {
  if (!Array.isArray(raw)) return [];
  const flags = [];
  for (const entry of raw) {
    if (typeof entry !== "object" || entry === null) continue;
    const f = entry as Record<string, unknown>;
    const position = Number(f.position);
    if (!Number.isInteger(position) || position < 1 || position > 8) continue;
    flags.push({
      position,
      visible: f.visible === undefined ? true : Boolean(f.visible) && f.visible !== "0",
      text: typeof f.text === "string" ? f.text : "",
      color: typeof f.color === "string" ? f.color : "",
    });
  }
  return flags.sort((a, b) => a.position - b.position);
}

const iso = (epochSeconds: number | null) => (epochSeconds === null ? null : new Date(epochSeconds * 1000).toISOString());

const money = (model: CatalogModel, cents: number) => ({ amount: cents / 100, formatted: model.formatCents(cents) });

/** The columns a tile's prices are built from (dates as epoch seconds). */
type PriceColumns = Pick<ProductRow, "price" | "final_price" | "msrp" | "poa" | "display_add_to_cart" | "special_from" | "special_to">;

/** The SQL reading PriceColumns from products `p`. */
const PRICE_COLUMNS = sql`p.price, p.final_price, p.msrp, p.poa, p.display_add_to_cart,
  extract(epoch FROM p.special_from_date)::float8 AS special_from, extract(epoch FROM p.special_to_date)::float8 AS special_to`;

/** A tile's `prices`: the full build and the price patch both write it with this. */
function tilePrices(model: CatalogModel, p: PriceColumns) {
  const regular = p.price;
  const final = p.final_price;
  const discount = final < regular
    ? { amount: (regular - final) / 100, formatted: model.formatCents(regular - final), percent: Math.round(((regular - final) / regular) * 100) }
    : null;
  return {
    regular_price_without_tax: regular / 100,
    final_price_without_tax: final / 100,
    regular_price_without_tax_formatted: model.formatCents(regular),
    final_price_without_tax_formatted: model.formatCents(final),
    discount,
    on_sale: final < regular,
    msrp_enabled: p.msrp !== null && p.msrp > regular,
    msrp: p.msrp === null ? null : money(model, p.msrp),
    display_price: p.poa ? null : money(model, final),
    poa: p.poa,
    display_add_to_cart: p.display_add_to_cart,
    special_from_date: iso(p.special_from),
    special_to_date: iso(p.special_to),
  };
}

/** A parent's open-box outlets as its tile shows them (enabled outlets, listed or not). */
function tileOutlets(model: CatalogModel, outlet: { count: number; min_price: number } | undefined) {
  return { outlets_count: outlet?.count ?? 0, outlets_min_price: outlet ? money(model, outlet.min_price) : null };
}

/**
 * A tile's in_stock and the availability facet's rule (the full build and the stock patch both use
 * it): stock of its own, or for a configurable an enabled child with stock (model.childQty).
 */
function isInStock(model: CatalogModel, p: { id: number; type_id: string; qty: number }): boolean {
  if (p.qty > 0) return true;
  if (p.type_id !== "configurable") return false;
  for (const qty of model.childQty.get(p.id)?.values() ?? []) if (qty > 0) return true;
  return false;
}

/**
 * The availability facet where the store has not configured it: an attributes row with code
 * `availability` sets its label, position and whether it is shown (is_filterable), like `price`.
 */
const AVAILABILITY_DEFAULT = { label: "Availability", position: 0, is_filterable: true };
const IN_STOCK_LABEL = "In Stock";

/**
 * Reads everything listings show in one consistent snapshot (with the catalog_version it
 * corresponds to) and builds the model. `now` decides which promotions are running.
 */
export async function loadCatalogModel(db: Db, currency: string, now = Date.now()): Promise<CatalogModel> {
  return db.transaction(async (tx) => {
    const [versionRow] = await rows<{ version: number }>(tx, sql`SELECT version::float8 AS version FROM catalog_version WHERE id = 1`);
    const listable = sql`p.status = 1 AND p.visibility IN (2, 3, 4)`;
    const products = await rows<ProductRow>(tx, sql`
      SELECT p.entity_id AS id, p.sku, p.url_key, p.type_id, p.name, p.model_number, coalesce(b.name, '') AS manufacturer,
        p.condition, p.visibility, p.outlet_of, ${PRICE_COLUMNS}, p.qty, p.image_url, p.reviews_count, p.reviews_rating,
        p.extra -> 'product_flags' AS flags, extract(epoch FROM p.created_at)::float8 AS created
      FROM products p LEFT JOIN brands b ON b.brand_id = p.brand_id
      WHERE ${listable}
      ORDER BY p.position, p.entity_id`);
    const optionRows = await rows<{ product_id: number; options: number[] }>(tx, sql`
      SELECT v.product_id, array_agg(v.option_id) AS options
      FROM product_attribute_values v JOIN products p ON p.entity_id = v.product_id
      WHERE ${listable} GROUP BY v.product_id`);
    // a configurable also has the options its enabled children vary on
    const childRows = await rows<{ parent_id: number; child_id: number; qty: number; attribute_id: number | null; option_id: number | null }>(tx, sql`
      SELECT c.parent_id, c.entity_id AS child_id, c.qty, s.attribute_id, v.option_id
      FROM products c
      LEFT JOIN product_super_attributes s ON s.product_id = c.parent_id
      LEFT JOIN product_attribute_values v ON v.product_id = c.entity_id AND v.attribute_id = s.attribute_id
      WHERE c.parent_id IS NOT NULL AND c.status = 1
      ORDER BY c.parent_id, s.position, s.attribute_id, c.entity_id`);
    const superRows = await rows<{ product_id: number; attribute_id: number }>(tx, sql`
      SELECT product_id, attribute_id FROM product_super_attributes ORDER BY product_id, position, attribute_id`);
    const categoryRows = await rows<Record<string, unknown>>(tx, sql`SELECT * FROM categories ORDER BY level, position, entity_id`);
    const memberRows = await rows<{ category_id: number; products: number[] }>(tx, sql`
      SELECT pc.category_id, array_agg(pc.product_id ORDER BY pc.position, p.position, p.entity_id) AS products
      FROM product_categories pc JOIN products p ON p.entity_id = pc.product_id
      WHERE ${listable} GROUP BY pc.category_id`);
    const attributeRows = await rows<{ attribute_id: number; code: string; label: string; frontend_input: string; is_filterable: boolean; position: number }>(tx, sql`
      SELECT attribute_id, code, label, frontend_input, is_filterable, position FROM attributes ORDER BY position, label, attribute_id`);
    const optionDefs = await rows<{ option_id: number; attribute_id: number; value: string; label: string; swatch: string | null; position: number }>(tx, sql`
      SELECT option_id, attribute_id, value, label, swatch, position FROM attribute_options ORDER BY attribute_id, position, label, option_id`);
    const outletRows = await rows<{ outlet_of: number; count: number; min_price: number }>(tx, sql`
      SELECT outlet_of, count(*)::int AS count, min(final_price)::int AS min_price FROM products
      WHERE outlet_of IS NOT NULL AND status = 1 GROUP BY outlet_of`);
    const programRows = await rows<Record<string, unknown> & { start: number; end: number; products: number[] | null }>(tx, sql`
      SELECT r.*, extract(epoch FROM r.start_date)::float8 AS start, extract(epoch FROM r.end_date)::float8 AS end,
        (SELECT array_agg(pp.product_id) FROM product_promotions pp WHERE pp.program_id = r.program_id) AS products
      FROM rebate_programs r ORDER BY r.program_id`);
    const blockRows = await rows<{ block_id: number; identifier: string; title: string; content: string }>(tx, sql`
      SELECT block_id, identifier, title, content FROM cms_blocks WHERE is_active`);
    const redirectRows = await rows<{ term: string; url: string }>(tx, sql`SELECT term, url FROM search_redirects`);
    const synonymRows = await rows<SynonymRow>(tx, sql`SELECT store_code, input, synonyms FROM search_synonyms ORDER BY synonym_id`);
    // the full-text documents of searchable products, and the words of their text with PostgreSQL's lexemes for each
    const searchable = sql`p.status = 1 AND p.visibility IN (3, 4)`;
    const textRows = await rows<{ id: number; name_lexemes: string[]; lexemes: string[] }>(tx, sql`
      SELECT p.entity_id AS id, tsvector_to_array(ts_filter(p.search_vector, '{a}')) AS name_lexemes,
        tsvector_to_array(p.search_vector) AS lexemes
      FROM products p WHERE ${searchable}`);
    const vocabularyRows = await rows<{ word: string; lexemes: string[]; ndoc: number }>(tx, sql`
      SELECT v.word, tsvector_to_array(to_tsvector('english', v.word)) AS lexemes, v.ndoc
      FROM (
        SELECT w.word, count(*)::int AS ndoc
        FROM products p, unnest(tsvector_to_array(to_tsvector('simple', coalesce(p.name, '') || ' ' || coalesce(p.search_text, '') || ' ' || coalesce(p.search_facts, '')))) AS w(word)
        WHERE ${searchable} GROUP BY w.word
      ) v`);

    // time-bound data: the model is valid until the next programme starts or ends
    let validUntil = Infinity;
    for (const r of programRows) {
      for (const t of [r.start * 1000, r.end * 1000]) if (t > now && t < validUntil) validUntil = t;
    }
    const model = new CatalogModel(products.length, versionRow?.version ?? 0, currency, validUntil);
    buildModel(model, {
      products, optionRows, childRows, superRows, categoryRows, memberRows, attributeRows, optionDefs, outletRows, programRows, blockRows, redirectRows, now,
    });
    const documents: TextDocument[] = [];
    for (const r of textRows) {
      const ordinal = model.ordinalById.get(r.id);
      if (ordinal === undefined) continue;
      const p = products[ordinal]!;
      // its most specific category names a second kind of product (search/kinds.ts)
      let deepest: { level: number; name: string } | null = null;
      for (let k = model.catStart[ordinal]!; k < model.catStart[ordinal + 1]!; k++) {
        const c = model.categories[model.cats[k]!]!;
        if (c.level >= 2 && (!deepest || c.level > deepest.level)) deepest = c;
      }
      documents.push({
        ordinal, nameLexemes: r.name_lexemes, lexemes: r.lexemes, name: p.name, category: deepest?.name,
        reviewsCount: p.reviews_count, reviewsRating: p.reviews_rating,
      });
    }
    model.text = new TextIndex(model.n, documents, vocabularyRows);
    model.text.synonyms = synonymsByStore(synonymRows);
    return model;
  }, { isolationLevel: "repeatable read", accessMode: "read only" });
}

interface Loaded {
  products: ProductRow[];
  optionRows: Array<{ product_id: number; options: number[] }>;
  childRows: Array<{ parent_id: number; child_id: number; qty: number; attribute_id: number | null; option_id: number | null }>;
  superRows: Array<{ product_id: number; attribute_id: number }>;
  categoryRows: Array<Record<string, unknown>>;
  memberRows: Array<{ category_id: number; products: number[] }>;
  attributeRows: Array<{ attribute_id: number; code: string; label: string; frontend_input: string; is_filterable: boolean; position: number }>;
  optionDefs: Array<{ option_id: number; attribute_id: number; value: string; label: string; swatch: string | null; position: number }>;
  outletRows: Array<{ outlet_of: number; count: number; min_price: number }>;
  programRows: Array<Record<string, unknown> & { start: number; end: number; products: number[] | null }>;
  blockRows: Array<{ block_id: number; identifier: string; title: string; content: string }>;
  redirectRows: Array<{ term: string; url: string }>;
  now: number;
}

const text = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));

function buildModel(model: CatalogModel, data: Loaded) {
  const n = model.n;
  const { products } = data;

  model.ids = new Int32Array(n);
  model.visibility = new Uint8Array(n);
  model.price = new Int32Array(n);
  model.names = new Array(n);
  model.urlKeys = new Array(n);
  model.ordinalById = new Map();
  model.skuIndex = new Map();
  for (let i = 0; i < n; i++) {
    const p = products[i];
    model.ids[i] = p.id;
    model.visibility[i] = p.visibility;
    model.price[i] = p.final_price;
    model.names[i] = p.name;
    model.urlKeys[i] = p.url_key;
    model.ordinalById.set(p.id, i);
    for (const key of new Set([p.sku.trim().toLowerCase(), p.model_number.trim().toLowerCase()])) {
      if (!key) continue;
      const list = model.skuIndex.get(key);
      if (list) list.push(i);
      else model.skuIndex.set(key, [i]);
    }
  }

  // attributes and options; availability is computed from stock, placed among the others by its position
  model.attributes = [];
  model.attributeByCode = new Map();
  const attrIndexById = new Map<number, number>();
  const configured = data.attributeRows.find((a) => a.code === AVAILABILITY_ATTRIBUTE) ?? AVAILABILITY_DEFAULT;
  const availabilityRow = {
    attribute_id: -1, code: AVAILABILITY_ATTRIBUTE, label: configured.label, frontend_input: "select",
    is_filterable: configured.is_filterable, position: configured.position,
  };
  const attributeRows = data.attributeRows.filter((a) => a.code !== AVAILABILITY_ATTRIBUTE);
  const at = attributeRows.findIndex((a) => a.position > availabilityRow.position);
  attributeRows.splice(at < 0 ? attributeRows.length : at, 0, availabilityRow);
  for (const a of attributeRows) {
    if (a.code === PRICE_FACET) {
      model.priceAttribute = { label: a.label, position: a.position };
      continue;
    }
    const attr: ModelAttribute = {
      index: model.attributes.length, id: a.attribute_id, code: a.code, label: a.label, type: a.frontend_input,
      position: a.position, filterable: a.is_filterable && a.frontend_input !== "text" && a.frontend_input !== "price",
      options: [], optionByValue: new Map(),
    };
    model.attributes.push(attr);
    model.attributeByCode.set(attr.code, attr);
    attrIndexById.set(a.attribute_id, attr.index);
  }
  model.options = [];
  const optionIndexById = new Map<number, number>();
  for (const o of data.optionDefs) {
    const attr = attrIndexById.get(o.attribute_id);
    if (attr === undefined) continue;
    const option: ModelOption = { index: model.options.length, id: o.option_id, attr, value: o.value, label: o.label, swatch: o.swatch, position: o.position };
    model.options.push(option);
    optionIndexById.set(o.option_id, option.index);
    model.attributes[attr].options.push(option.index);
    model.attributes[attr].optionByValue.set(option.value, option.index);
  }
  // after every stored option, so each product's availability option is the last of its options
  const availability = model.attributeByCode.get(AVAILABILITY_ATTRIBUTE)!;
  const availabilityOption = (value: string, label: string, listed: boolean) => {
    const option: ModelOption = { index: model.options.length, id: -1, attr: availability.index, value, label, swatch: null, position: 0 };
    model.options.push(option);
    if (listed) {
      availability.options.push(option.index);
      availability.optionByValue.set(value, option.index);
    }
    return option.index;
  };
  model.availability = { inStock: availabilityOption(IN_STOCK_VALUE, IN_STOCK_LABEL, true), outOfStock: availabilityOption("out_of_stock", "", false) };
  model.optionAttr = Int32Array.from(model.options.map((o) => o.attr));

  const perProduct: number[][] = Array.from({ length: n }, () => []);
  for (const r of data.optionRows) {
    const ordinal = model.ordinalById.get(r.product_id);
    if (ordinal === undefined) continue;
    for (const id of r.options) {
      const o = optionIndexById.get(id);
      if (o !== undefined) perProduct[ordinal].push(o);
    }
  }

  // configurable children: their super-attribute options, swatches, stock
  const swatchByParent = new Map<number, { attributeId: number; options: Map<number, number> }>();
  const firstSuper = new Map<number, number>();
  for (const r of data.superRows) if (!firstSuper.has(r.product_id)) firstSuper.set(r.product_id, r.attribute_id);
  for (const r of data.childRows) {
    let stock = model.childQty.get(r.parent_id);
    if (!stock) model.childQty.set(r.parent_id, (stock = new Map()));
    stock.set(r.child_id, r.qty);
    if (r.option_id === null || r.attribute_id === null) continue;
    const ordinal = model.ordinalById.get(r.parent_id);
    const o = optionIndexById.get(r.option_id);
    if (ordinal !== undefined && o !== undefined) perProduct[ordinal].push(o);
    if (firstSuper.get(r.parent_id) === r.attribute_id) {
      let swatch = swatchByParent.get(r.parent_id);
      if (!swatch) swatchByParent.set(r.parent_id, (swatch = { attributeId: r.attribute_id, options: new Map() }));
      if (o !== undefined && !swatch.options.has(o)) swatch.options.set(o, r.child_id);
    }
  }
  const inStock = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    inStock[i] = isInStock(model, products[i]) ? 1 : 0;
    perProduct[i].push(inStock[i] === 1 ? model.availability.inStock : model.availability.outOfStock);
  }
  model.optStart = new Int32Array(n + 1);
  const flat: number[] = [];
  for (let i = 0; i < n; i++) {
    const unique = [...new Set(perProduct[i])].sort((a, b) => a - b);
    for (const o of unique) flat.push(o);
    model.optStart[i + 1] = flat.length;
  }
  model.opts = Int32Array.from(flat);
  const memberLists: number[][] = Array.from({ length: model.options.length }, () => []);
  for (let i = 0; i < n; i++) for (let k = model.optStart[i]; k < model.optStart[i + 1]; k++) memberLists[model.opts[k]].push(i);
  // the out-of-stock placeholder keeps no members (nothing lists or counts it)
  memberLists[model.availability.outOfStock] = [];
  // a bitset word costs about as much to count as a dozen member tests
  const denseAbove = ((n >>> 5) + 1) * 12;
  model.denseAbove = denseAbove;
  model.optionMembers = [];
  model.optionBits = [];
  model.postingsCost = 0;
  memberLists.forEach((list, o) => model.setMembers(o, Int32Array.from(list)));

  // categories
  model.categories = [];
  model.categoryById = new Map();
  model.categoryByKey = new Map();
  for (const r of data.categoryRows) {
    const category: ModelCategory = {
      index: model.categories.length,
      id: Number(r.entity_id),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      path: text(r.path).split("/").filter(Boolean).map(Number),
      urlKey: text(r.url_key),
      name: text(r.name),
      level: Number(r.level),
      position: Number(r.position),
      includeInMenu: text(r.include_in_menu),
      displayMode: text(r.display_mode) || "PRODUCTS",
      description: sanitizeEditorHtml(text(r.description)),
      bottomDescription: sanitizeEditorHtml(text(r.bottom_description)),
      metaTitle: text(r.meta_title),
      metaDescription: text(r.meta_description),
      metaKeywords: text(r.meta_keywords),
      h1Title: text(r.h1_title),
      h2Title: text(r.h2_title),
      imageUrl: text(r.image_url),
      redirect: text(r.redirect),
      defaultSortBy: text(r.default_sort_by) || "position",
      featuredFilter: text(r.featured_filter),
      landing: r.landing && typeof r.landing === "object" && !Array.isArray(r.landing) ? (r.landing as Record<string, unknown>) : null,
    };
    model.categoryById.set(category.id, category.index);
    model.categoryByKey.set(category.urlKey, category.index);
    model.categories.push(category);
  }
  model.children = model.categories.map(() => []);
  model.topLevel = [];
  for (const c of model.categories) {
    const parent = c.parentId === null ? undefined : model.categoryById.get(c.parentId);
    if (parent !== undefined) model.children[parent].push(c.index);
    if (c.parentId === 2) model.topLevel.push(c.index);
  }
  const byPosition = (a: number, b: number) => model.categories[a].position - model.categories[b].position || model.categories[a].id - model.categories[b].id;
  for (const list of model.children) list.sort(byPosition);
  model.topLevel.sort(byPosition);

  model.categoryMembers = model.categories.map(() => new Int32Array(0));
  const catsPerProduct: number[][] = Array.from({ length: n }, () => []);
  for (const r of data.memberRows) {
    const c = model.categoryById.get(r.category_id);
    if (c === undefined) continue;
    const list: number[] = [];
    for (const id of r.products) {
      const ordinal = model.ordinalById.get(id);
      if (ordinal === undefined) continue;
      list.push(ordinal);
      catsPerProduct[ordinal].push(c);
    }
    model.categoryMembers[c] = Int32Array.from(list);
  }
  model.categoryBits = model.categoryMembers.map((list) => (list.length > denseAbove ? model.bitsOf([list]) : null));
  model.catStart = new Int32Array(n + 1);
  const flatCats: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const c of catsPerProduct[i]) flatCats.push(c);
    model.catStart[i + 1] = flatCats.length;
  }
  model.cats = Int32Array.from(flatCats);

  // programmes
  model.programs = new Map();
  const runningByProduct = new Map<number, string[]>();
  for (const r of data.programRows) {
    const members = (r.products ?? []).map((id) => model.ordinalById.get(id)).filter((o): o is number => o !== undefined).sort((a, b) => a - b);
    const program: ModelProgram = {
      programId: text(r.program_id),
      promoName: text(r.promo_name),
      promoShortDescription: text(r.promo_short_description),
      startDate: new Date(r.start * 1000).toISOString(),
      endDate: new Date(r.end * 1000).toISOString(),
      start: r.start * 1000,
      end: r.end * 1000,
      rebateFormUrl: text(r.rebate_form_url),
      brandLogoUrls: Array.isArray(r.brand_logo_urls) ? r.brand_logo_urls.map(text) : [],
      manufacturer: text(r.manufacturer),
      linqType: text(r.linq_type),
      afterCheckout: Boolean(r.after_checkout),
      amount: Number(r.amount),
      members: Int32Array.from(members),
    };
    model.programs.set(program.programId, program);
    if (program.start <= data.now && data.now <= program.end) {
      for (const id of r.products ?? []) {
        const list = runningByProduct.get(id);
        if (list) list.push(program.programId);
        else runningByProduct.set(id, [program.programId]);
      }
    }
  }

  model.blocks = new Map();
  for (const b of data.blockRows) {
    model.blocks.set(b.identifier, { identifier: b.identifier, block_id: String(b.block_id), content: sanitizeEditorHtml(b.content), title: b.title });
  }
  model.redirects = new Map(data.redirectRows.map((r) => [r.term.trim().toLowerCase(), r.url]));

  // tiles
  const outlets = new Map(data.outletRows.map((r) => [r.outlet_of, r]));
  model.items = new Array(n);
  model.suggestions = new Array(n);
  for (let i = 0; i < n; i++) {
    const p = products[i];
    const swatch = swatchByParent.get(p.id);
    const swatches = [];
    if (p.type_id === "configurable" && swatch) {
      const attr = model.attributes[attrIndexById.get(swatch.attributeId) ?? -1];
      if (attr) {
        const options = [...swatch.options.entries()]
          .sort((a, b) => model.options[a[0]].position - model.options[b[0]].position || a[0] - b[0])
          .map(([o, child]) => ({ value: model.options[o].value, label: model.options[o].label, swatch: model.options[o].swatch, product_id: String(child) }));
        swatches.push({ attribute: attr.code, label: attr.label, options });
      }
    }
    const item = {
      entity_id: String(p.id),
      sku: p.sku,
      name: p.name,
      url_key: p.url_key,
      type_id: p.type_id,
      manufacturer: p.manufacturer,
      condition: p.condition,
      image_url: { normal: p.image_url, small: p.image_url },
      prices: tilePrices(model, p),
      reviews_count: p.reviews_count,
      reviews_rating: p.reviews_rating,
      qty: p.qty,
      in_stock: inStock[i] === 1,
      model_number: p.model_number,
      visibility: p.visibility,
      product_flags: productFlags(p.flags),
      swatches,
      is_outlet: p.outlet_of !== null,
      outlet_of: p.outlet_of === null ? null : String(p.outlet_of),
      ...tileOutlets(model, outlets.get(p.id)),
      promotions: (runningByProduct.get(p.id) ?? []).sort(),
    };
    model.items[i] = flattened(JSON.stringify(item));
    model.suggestions[i] = flattened(JSON.stringify({
      entity_id: item.entity_id, sku: p.sku, name: p.name, url_key: p.url_key, image_url: p.image_url, price: money(model, p.final_price),
    }));
  }

  // sort orders
  const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
  const sorted = (compare: (a: number, b: number) => number) => {
    const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => compare(a, b) || a - b);
    const rank = new Int32Array(n);
    for (let i = 0; i < n; i++) rank[order[i]] = i;
    return { order, rank };
  };
  model.orders = {
    name: sorted((a, b) => collator.compare(products[a].name, products[b].name)),
    price: sorted((a, b) => products[a].final_price - products[b].final_price),
    top_rated: sorted((a, b) => products[a].reviews_rating - products[b].reviews_rating || products[a].reviews_count - products[b].reviews_count),
    newest: sorted((a, b) => products[a].created - products[b].created || products[a].id - products[b].id),
  };
  const json = JSON.stringify;
  model.fragments = {
    attribute: model.attributes.map((a) => flattened(`{"attribute":${json(a.code)},"label":${json(a.label)},"type":${json(a.type)},"position":${a.position},"values":[`)),
    option: model.options.map((o) => flattened(`{"value":${json(o.value)},"display_name":${json(o.label)},"product_count":`)),
    optionTail: model.options.map((o) => flattened(`,"selected":false${o.swatch ? `,"swatch":${json(o.swatch)}` : ""}}`)),
    optionTailSelected: model.options.map((o) => flattened(`,"selected":true${o.swatch ? `,"swatch":${json(o.swatch)}` : ""}}`)),
    category: model.categories.map((c) => flattened(`{"value":${json(c.urlKey)},"display_name":${json(c.name)},"product_count":`)),
  };
  model.allocateScratch();
}

/** The version every process compares its model with. */
export async function readCatalogVersion(db: Db): Promise<number> {
  const [row] = await rows<{ version: number }>(db, sql`SELECT version::float8 AS version FROM catalog_version WHERE id = 1`);
  return row?.version ?? 0;
}

/**
 * Applies products' current stock to the model in place (no rebuild): the tile's qty and
 * in_stock, a configurable parent's in_stock from its children, and the availability facet's
 * members with the listing outcomes kept from them (CatalogModel.restocked). Answers how many
 * tiles changed.
 */
export async function patchStock(db: Db, model: CatalogModel, productIds: number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const found = await rows<{ id: number; qty: number; parent_id: number | null }>(db, sql`
    SELECT entity_id AS id, qty, parent_id FROM products WHERE entity_id IN (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})`);
  const touched = new Map<number, number | null>(); // ordinal → own qty (null: only in_stock from children)
  for (const r of found) {
    const own = model.ordinalById.get(r.id);
    if (own !== undefined) touched.set(own, r.qty);
    const children = r.parent_id === null ? undefined : model.childQty.get(r.parent_id);
    if (children?.has(r.id)) {
      children.set(r.id, r.qty);
      const parent = model.ordinalById.get(r.parent_id!);
      if (parent !== undefined && !touched.has(parent)) touched.set(parent, null);
    }
  }
  let changed = 0;
  const flipped: Array<[number, boolean]> = [];
  for (const [ordinal, qty] of touched) {
    const item = JSON.parse(model.items[ordinal]) as { entity_id: string; type_id: string; qty: number; in_stock: boolean };
    if (qty !== null) item.qty = qty;
    const inStock = isInStock(model, { id: Number(item.entity_id), type_id: item.type_id, qty: item.qty });
    if (inStock !== item.in_stock) flipped.push([ordinal, inStock]);
    else if (qty === null) continue;
    item.in_stock = inStock;
    const json = JSON.stringify(item);
    if (json === model.items[ordinal]) continue;
    model.items[ordinal] = flattened(json);
    changed++;
  }
  if (flipped.length > 0) model.restocked(flipped);
  if (changed > 0) model.revision++;
  return changed;
}

/**
 * Applies products' current prices to the model in place (no rebuild): model.price, the tile's
 * prices and the suggestion's price, an open-box parent's outlets_min_price, and the price sort
 * order, price indexes and kept listing outcomes (CatalogModel.repriced). A configurable parent's
 * tile shows its own price columns, not its children's, so a child's price moves no parent tile.
 * Answers how many products' listing data changed.
 */
export async function patchPrices(db: Db, model: CatalogModel, productIds: number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  // one snapshot: the products, and for an outlet its parent's outlets as the full build reads them
  const found = await rows<PriceColumns & { id: number; outlet_of: number | null; outlets: { count: number; min_price: number } | null }>(db, sql`
    SELECT p.entity_id AS id, p.outlet_of, ${PRICE_COLUMNS},
      (SELECT json_build_object('count', count(*)::int, 'min_price', min(o.final_price)::int) FROM products o
        WHERE o.outlet_of = p.outlet_of AND o.status = 1 HAVING count(*) > 0) AS outlets
    FROM products p WHERE p.entity_id IN (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})`);
  const tiles = new Map<number, Record<string, unknown>>();
  const tile = (ordinal: number) => {
    let item = tiles.get(ordinal);
    if (!item) tiles.set(ordinal, (item = JSON.parse(model.items[ordinal]) as Record<string, unknown>));
    return item;
  };
  const moved: number[] = [];
  for (const r of found) {
    const own = model.ordinalById.get(r.id);
    if (own !== undefined) {
      tile(own).prices = tilePrices(model, r);
      if (model.price[own] !== r.final_price) {
        model.price[own] = r.final_price;
        moved.push(own);
        const suggestion = JSON.parse(model.suggestions[own]) as Record<string, unknown>;
        suggestion.price = money(model, r.final_price);
        model.suggestions[own] = flattened(JSON.stringify(suggestion));
      }
    }
    const parent = r.outlet_of === null ? undefined : model.ordinalById.get(r.outlet_of);
    if (parent !== undefined) Object.assign(tile(parent), tileOutlets(model, r.outlets ?? undefined));
  }
  const changed = new Set(moved);
  for (const [ordinal, item] of tiles) {
    const json = JSON.stringify(item);
    if (json === model.items[ordinal]) continue;
    model.items[ordinal] = flattened(json);
    changed.add(ordinal);
  }
  if (moved.length > 0) model.repriced(moved);
  if (changed.size > 0) model.revision++;
  return changed.size;
}
