/**
 * Turns the catalogue tables into product rows. Pure: given a catalogue context and a product
 * index it appends rows to a batch; the orchestrator decides when to write them.
 *
 * Every top-level product draws from its own random stream (seed, index), so product #i is the
 * same whatever the batch size, and a small store is a prefix of a large one.
 */
import type { schema } from "../db/client";
import { productImagePath, type ImageKind, type ImageView } from "../media/paths";
import { videoPath } from "../media/videos";
import {
  ADD_ONS, ATTRIBUTES, BRANDS, BUNDLES, CLEARANCE_LEAF, COLORS, LEAVES, LEAF_BY_KEY, brandGroup,
  type AddOnDef, type BundleDef, type ColorKey, type Family, type LeafDef, type LeafDraft, type SizeVariant,
} from "./catalog-data";
import { STORE_NAME } from "./content-data";
import { PROGRAMS } from "./promo-data";
import { Rng } from "./random";
import { pickRating, reviewText } from "./review-data";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];
export type ProductRow = Insert<typeof schema.products>;

export interface ProductBatch {
  products: ProductRow[];
  categories: Insert<typeof schema.productCategories>[];
  attributes: Insert<typeof schema.productAttributeValues>[];
  superAttributes: Insert<typeof schema.productSuperAttributes>[];
  assets: Insert<typeof schema.productAssets>[];
  links: Insert<typeof schema.productLinks>[];
  bundleOptions: Insert<typeof schema.bundleOptions>[];
  bundleSelections: Insert<typeof schema.bundleSelections>[];
  promotions: Insert<typeof schema.productPromotions>[];
  reviews: Insert<typeof schema.reviews>[];
  inventory: Insert<typeof schema.inventory>[];
}

export function emptyBatch(): ProductBatch {
  return {
    products: [], categories: [], attributes: [], superAttributes: [], assets: [], links: [],
    bundleOptions: [], bundleSelections: [], promotions: [], reviews: [], inventory: [],
  };
}

/** Ids and lookups the generator needs, fixed before the first product is built. */
export interface CatalogContext {
  seed: number;
  /** fixed reference instant for created_at and review dates */
  epoch: Date;
  /** today at midnight UTC: special-price windows must be live when the store is seeded */
  today: Date;
  brandIds: ReadonlyMap<string, number>;
  brandKeys: ReadonlyMap<string, string>;
  attributeIds: ReadonlyMap<string, number>;
  /** "code:value" -> option id */
  optionIds: ReadonlyMap<string, number>;
  optionLabels: ReadonlyMap<string, string>;
  /** leaf url key -> category ids from "Default Category" down to the leaf */
  categoryChains: ReadonlyMap<string, readonly number[]>;
  /** leaf url key -> names of the leaf and its ancestors below the root, for search text */
  categoryNames: ReadonlyMap<string, readonly string[]>;
  storeIds: readonly number[];
}

/** What the generator remembers between products: recent products per leaf and id counters. */
export interface GeneratorState {
  nextProductId: number;
  nextBundleOptionId: number;
  pools: Map<string, PoolEntry[]>;
  /** add-on product ids by group, with their definitions */
  addOns: { id: number; def: AddOnDef }[];
}

interface PoolEntry {
  id: number;
  finalPrice: number;
  brand: string;
  title: string;
  color: ColorKey;
}

const DAY = 86_400_000;
const POOL_SIZE = 40;

const BRAND_TIER = new Map(BRANDS.map((b) => [b.name, b.tier]));
const BRAND_PREFIX = new Map(BRANDS.map((b) => [b.name, b.prefix]));
const BRAND_INDEX = new Map(BRANDS.map((b, i) => [b.name, i]));

// ------------------------------------------------------------------------------------------
// small helpers
// ------------------------------------------------------------------------------------------

export function slugify(text: string): string {
  return text.toLowerCase().replace(/&/g, " ").replace(/\+/g, " plus ").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

/** Dollars to cents, rounded the way retailers price: $X9.99 above $100, $X.99 below. */
export function retailPrice(dollars: number): number {
  if (dollars < 100) return Math.max(1, Math.round(dollars)) * 100 - 1;
  return Math.round(dollars / 10) * 1000 - 1;
}

function upc(brandIndex: number, item: number): string {
  const digits = `0${String(10000 + brandIndex * 211).padStart(5, "0")}${String(item % 100000).padStart(5, "0")}`;
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 3 : 1);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

const hex = (color: ColorKey): string => COLORS[color].hex.slice(1);
const html = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const inches = (n: number): string => `${n.toFixed(1)} in.`;

function isActive(from: Date | null, to: Date | null, today: Date): boolean {
  return (!from || from.getTime() <= today.getTime()) && (!to || to.getTime() >= today.getTime());
}

interface Pricing {
  price: number;
  specialPrice: number | null;
  specialFromDate: Date | null;
  specialToDate: Date | null;
  msrp: number | null;
  finalPrice: number;
}

interface SpecialPlan {
  pct: number;
  from: Date;
  to: Date;
}

function planSpecial(r: Rng, today: Date): SpecialPlan | null {
  if (!r.chance(0.27)) return null;
  const pct = r.weighted([[0.05, 3], [0.1, 5], [0.15, 4], [0.2, 3], [0.25, 2], [0.3, 1], [0.4, 1]] as const);
  // Most sales are running now; a few already ended or start soon, so the rule is exercised.
  const when = r.weighted([["live", 90], ["ended", 5], ["upcoming", 5]] as const);
  if (when === "ended") return { pct, from: new Date(today.getTime() - r.int(40, 60) * DAY), to: new Date(today.getTime() - r.int(2, 20) * DAY) };
  if (when === "upcoming") return { pct, from: new Date(today.getTime() + r.int(3, 10) * DAY), to: new Date(today.getTime() + r.int(20, 40) * DAY) };
  return { pct, from: new Date(today.getTime() - r.int(1, 21) * DAY), to: new Date(today.getTime() + r.int(10, 60) * DAY) };
}

function priceWith(price: number, special: SpecialPlan | null, msrpFactor: number | null, today: Date): Pricing {
  let specialPrice: number | null = null;
  if (special) {
    specialPrice = retailPrice(((price / 100) * (1 - special.pct)));
    if (specialPrice >= price) specialPrice = price - 1000 > 0 ? price - 1000 : null;
  }
  const from = specialPrice !== null && special ? special.from : null;
  const to = specialPrice !== null && special ? special.to : null;
  const finalPrice = specialPrice !== null && isActive(from, to, today) ? specialPrice : price;
  const msrp = msrpFactor ? retailPrice((price / 100) * msrpFactor) : null;
  return { price, specialPrice, specialFromDate: from, specialToDate: to, msrp, finalPrice };
}

// ------------------------------------------------------------------------------------------
// per-product pieces
// ------------------------------------------------------------------------------------------

interface Flag {
  position: number;
  visible: boolean;
  text: string;
  color: string;
}

const VIEW_LABELS: Record<ImageView, string> = { front: "Front view", angle: "Angle view", detail: "Detail view", room: "In the room", dimensions: "Dimensions" };

function addImages(batch: ProductBatch, productId: number, name: string, kind: ImageKind, style: number, tweak: number, color: string, count: number): string {
  const views: ImageView[] = ["front", "angle", "detail", "room", "dimensions"];
  const urls: string[] = [];
  for (let k = 0; k < count; k++) {
    const view = views[k % views.length];
    const url = productImagePath({ kind, color, style, tweak: k < views.length ? tweak : tweak + 1, view });
    urls.push(url);
    batch.assets.push({ productId, assetType: "image", url, thumbUrl: url, label: `${name} - ${VIEW_LABELS[view]}`, position: k + 1 });
  }
  return urls[0];
}

function addReviews(batch: ProductBatch, r: Rng, productId: number, family: Family, noun: string, epoch: Date): { count: number; rating: number } {
  const count = r.chance(0.18) ? 0 : 1 + Math.floor(24 * r.float() ** 5);
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const rating = pickRating(r);
    sum += rating;
    const text = reviewText(r, family, noun, rating);
    batch.reviews.push({
      productId, rating, title: text.title, body: text.body, nickname: text.nickname, location: text.location,
      isRecommended: rating >= 4 || (rating === 3 && r.chance(0.4)),
      helpfulYes: Math.floor(40 * r.float() ** 3), helpfulNo: Math.floor(8 * r.float() ** 3),
      createdAt: new Date(epoch.getTime() - r.int(1, 730) * DAY - r.int(0, 86_399) * 1000),
    });
  }
  return { count, rating: count === 0 ? 0 : Math.round((sum / count) * 100) / 100 };
}

function addInventory(batch: ProductBatch, r: Rng, productId: number, storeIds: readonly number[]): void {
  for (const locationId of storeIds) {
    if (!r.chance(0.6)) continue; // not every store carries every item
    batch.inventory.push({ productId, locationId, qty: r.chance(0.35) ? 0 : r.int(1, 12) });
  }
}

function addAttributeRows(batch: ProductBatch, ctx: CatalogContext, productId: number, attrs: readonly (readonly [string, string])[]): void {
  const seen = new Set<string>();
  for (const [code, value] of attrs) {
    const key = `${code}:${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const optionId = ctx.optionIds.get(key);
    const attributeId = ctx.attributeIds.get(code);
    if (optionId === undefined || attributeId === undefined) throw new Error(`seed: unknown attribute option ${key}`);
    batch.attributes.push({ productId, attributeId, optionId });
  }
}

function addCategories(batch: ProductBatch, ctx: CatalogContext, productId: number, leafKeys: readonly string[], position: number): void {
  const ids = new Set<number>();
  for (const key of leafKeys) {
    const chain = ctx.categoryChains.get(key);
    if (!chain) throw new Error(`seed: unknown category ${key}`);
    for (const id of chain) ids.add(id);
  }
  for (const categoryId of ids) batch.categories.push({ productId, categoryId, position });
}

const ATTRIBUTE_LABEL = new Map(ATTRIBUTES.map((a) => [a.code, a.label]));
const SPEC_SKIP = new Set(["manufacturer", "color", "condition", "special_features", "price", "width_range", "capacity"]);

function specificationRows(ctx: CatalogContext, attrs: readonly (readonly [string, string])[], specs: readonly (readonly [string, string])[]): { label: string; value: string }[] {
  const grouped = new Map<string, string[]>();
  for (const [code, value] of attrs) {
    if (SPEC_SKIP.has(code)) continue;
    const label = ATTRIBUTE_LABEL.get(code) ?? code;
    const list = grouped.get(label) ?? [];
    const text = ctx.optionLabels.get(`${code}:${value}`) ?? value;
    if (!list.includes(text)) list.push(text);
    grouped.set(label, list);
  }
  return [...specs.map(([label, value]) => ({ label, value })), ...[...grouped].map(([label, values]) => ({ label, value: values.join(", ") }))];
}

const INTROS: Record<Family, readonly string[]> = {
  appliances: [
    "Upgrade your home with the {brand} {title}. Built for busy households, this {noun} pairs dependable everyday performance with thoughtful details.",
    "The {brand} {title} combines a clean, modern design with the features you actually use, so it looks great and works hard for years.",
    "Designed to make daily chores easier, the {brand} {title} delivers reliable results with less effort and less energy.",
  ],
  electronics: [
    "Experience more with the {brand} {title}. It brings cutting-edge performance to everyday entertainment and work.",
    "The {brand} {title} is built for people who want great performance without complicated setup.",
    "Get immersive picture, sound and speed from the {brand} {title}, designed to fit the way you live.",
  ],
  furniture: [
    "Bring home the {brand} {title}, designed for everyday comfort and built to last.",
    "The {brand} {title} balances timeless style with the durability a busy household needs.",
    "Make your space your own with the {brand} {title}, crafted with quality materials and finished by hand.",
  ],
};

const CLOSINGS: Record<Family, string> = {
  appliances: "Backed by the manufacturer's warranty and our 30-day return policy. Add professional installation, haul-away and a protection plan in your cart.",
  electronics: "Backed by the manufacturer's warranty. Ask about our setup services and protection plans that cover power surges and accidental damage.",
  furniture: "Choose white glove delivery and we will place it in the room of your choice, assemble it and take the packaging away.",
};

function description(r: Rng, family: Family, brand: string, title: string, noun: string, features: readonly string[]): string {
  const intro = r.pick(INTROS[family]).replace("{brand}", brand).replace("{title}", title).replace("{noun}", noun);
  const items = features.map((f) => `<li>${html(f)}</li>`).join("");
  return `<p>${html(intro)}</p><h3>Key features</h3><ul>${items}</ul><p>${html(CLOSINGS[family])}</p>`;
}

function crossSells(state: GeneratorState, leaf: LeafDef, finalPrice: number, r: Rng): { id: number; preSelected: boolean }[] {
  const dollars = finalPrice / 100;
  const out: { id: number; preSelected: boolean }[] = [];
  for (const group of leaf.addOns) {
    const candidates = state.addOns.filter((a) => a.def.group === group && (!a.def.covers || (dollars >= a.def.covers[0] && dollars <= a.def.covers[1])));
    // one add-on per kind (a plan, a kit, a service…) reads like a real "complete your purchase" list
    for (const candidate of r.sample(candidates, 1)) out.push({ id: candidate.id, preSelected: candidate.def.preSelected === true });
  }
  return out;
}

function remember(state: GeneratorState, leafKey: string, entry: PoolEntry): void {
  const pool = state.pools.get(leafKey) ?? [];
  pool.push(entry);
  if (pool.length > POOL_SIZE) pool.shift();
  state.pools.set(leafKey, pool);
}

function linkProducts(batch: ProductBatch, state: GeneratorState, r: Rng, productId: number, leaf: LeafDef, finalPrice: number): void {
  const pool = state.pools.get(leaf.urlKey) ?? [];
  r.sample(pool, 4).forEach((p, k) => batch.links.push({ productId, linkedProductId: p.id, linkType: "related", position: k + 1, preSelectedAddOn: false }));
  r.sample(pool.filter((p) => p.finalPrice > finalPrice), 2)
    .forEach((p, k) => batch.links.push({ productId, linkedProductId: p.id, linkType: "upsell", position: k + 1, preSelectedAddOn: false }));
  crossSells(state, leaf, finalPrice, r)
    .forEach((a, k) => batch.links.push({ productId, linkedProductId: a.id, linkType: "crosssell", position: k + 1, preSelectedAddOn: a.preSelected }));
}

function promotionsFor(r: Rng, leaf: LeafDef, brand: string, energyStar: boolean): string[] {
  const out: string[] = [];
  for (const program of PROGRAMS) {
    const e = program.eligible;
    if (e.brands && !e.brands.includes(brand)) continue;
    if (e.leaves && !e.leaves.includes(leaf.urlKey)) continue;
    if (e.families && !e.families.includes(leaf.family)) continue;
    if (e.energyStarOnly && !energyStar) continue;
    if (r.chance(e.chance)) out.push(program.programId);
  }
  return out;
}

function flagsFor(input: { isNew: boolean; topRated: boolean; bestSeller: boolean; onSale: boolean; pct: number; rebate: boolean; freeDelivery: boolean; financing: boolean;
  energyStar: boolean; bundle: boolean; openBox: boolean; onlineOnly: boolean }): Flag[] {
  const flags: Flag[] = [];
  if (input.isNew) flags.push({ position: 1, visible: true, text: "New", color: "#1a4d8f" });
  else if (input.topRated) flags.push({ position: 1, visible: true, text: "Top Rated", color: "#2e7d32" });
  else if (input.bestSeller) flags.push({ position: 1, visible: true, text: "Best Seller", color: "#f2a900" });
  if (input.onSale) flags.push({ position: 2, visible: true, text: input.pct >= 0.25 ? "Clearance" : "Sale", color: "#c62828" });
  if (input.rebate) flags.push({ position: 3, visible: true, text: "Rebate Available", color: "#6a1b9a" });
  if (input.freeDelivery) flags.push({ position: 4, visible: true, text: "Free Delivery", color: "#00695c" });
  if (input.bundle) flags.push({ position: 5, visible: true, text: "Bundle & Save", color: "#ef6c00" });
  if (input.financing) flags.push({ position: 6, visible: true, text: "Special Financing", color: "#37474f" });
  if (input.energyStar) flags.push({ position: 7, visible: true, text: "ENERGY STAR", color: "#1565c0" });
  else if (input.onlineOnly) flags.push({ position: 7, visible: true, text: "Online Only", color: "#455a64" });
  if (input.openBox) flags.push({ position: 8, visible: true, text: "Open Box Available", color: "#795548" });
  return flags;
}

// ------------------------------------------------------------------------------------------
// leaf pick
// ------------------------------------------------------------------------------------------

const LEAF_WEIGHTS = LEAVES.map((l) => [l, l.weight] as const);
const BUNDLE_WEIGHTS = BUNDLES.map((b) => [b, b.weight] as const);

// ------------------------------------------------------------------------------------------
// add-on products (protection plans, kits, services)
// ------------------------------------------------------------------------------------------

export function generateAddOns(ctx: CatalogContext, state: GeneratorState, batch: ProductBatch): void {
  ADD_ONS.forEach((def, index) => {
    const r = Rng.for(ctx.seed, index + 1, 2);
    const id = state.nextProductId++;
    const brandId = ctx.brandIds.get(def.brand);
    const brandKey = ctx.brandKeys.get(def.brand) ?? "";
    const prefix = def.brand.slice(0, 2).toUpperCase();
    const model = `${prefix}${String(id).padStart(4, "0")}${def.virtual ? "S" : "K"}`;
    const price = Math.round(def.price * 100);
    const leafNames = ctx.categoryNames.get(def.leaf) ?? [];
    const imageUrl = addImages(batch, id, def.name, def.kind, def.style, r.int(0, 3), hex(def.color), def.virtual ? 1 : 3);
    const attrs: [string, string][] = [["manufacturer", brandKey], ["condition", "new"], ["color", COLORS[def.color].value]];
    batch.products.push({
      entityId: id, sku: `${prefix}-${model}`, urlKey: slugify(def.name), typeId: "simple", name: def.name, modelNumber: model, brandId: brandId ?? null,
      description: `<p>${html(def.description)}</p>`, shortDescription: def.description, metaTitle: def.name,
      metaDescription: `${def.name}. ${def.description}`.slice(0, 300), metaKeyword: `${def.brand}, ${leafNames[0] ?? ""}`,
      visibility: 4, status: 1, parentId: null, outletOf: null, condition: "new", price, specialPrice: null, specialFromDate: null, specialToDate: null,
      msrp: null, poa: false, displayAddToCart: true, finalPrice: price, qty: def.virtual ? 9999 : r.int(20, 200), weight: def.virtual ? null : r.range(0.3, 6),
      height: null, width: null, depth: null, energyStarQualified: false, upccode: def.virtual ? "" : upc(BRAND_INDEX.get(def.brand) ?? 0, id), imageUrl,
      reviewsCount: 0, reviewsRating: 0, position: index + 1,
      extra: { product_features: [def.description], product_flags: [], gallery_layout: "default", add_on_group: def.group, virtual: def.virtual === true },
      searchText: def.group.replace(/-/g, " "),
      createdAt: new Date(ctx.epoch.getTime() - 400 * DAY),
    });
    addCategories(batch, ctx, id, [def.leaf], index + 1);
    addAttributeRows(batch, ctx, id, attrs);
    if (!def.virtual) addInventory(batch, r, id, ctx.storeIds);
    state.addOns.push({ id, def });
    remember(state, def.leaf, { id, finalPrice: price, brand: def.brand, title: def.name.replace(`${def.brand} `, ""), color: def.color });
  });
}


// ------------------------------------------------------------------------------------------
// top-level products
// ------------------------------------------------------------------------------------------

/** Generates top-level product #index (0-based) with its children, outlet, links and reviews. */
export function generateProduct(ctx: CatalogContext, state: GeneratorState, batch: ProductBatch, index: number): void {
  const r = Rng.for(ctx.seed, index + 1, 1);
  if (r.chance(0.02)) {
    const template = r.weighted(BUNDLE_WEIGHTS);
    if (generateBundle(ctx, state, batch, r, template)) return;
  }
  generateRegular(ctx, state, batch, r, r.weighted(LEAF_WEIGHTS));
}

interface Common {
  leaf: LeafDef;
  brand: string;
  brandKey: string;
  brandId: number;
  draft: LeafDraft;
  energyStar: boolean;
  position: number;
  createdAt: Date;
}

function generateRegular(ctx: CatalogContext, state: GeneratorState, batch: ProductBatch, r: Rng, leaf: LeafDef): void {
  const brand = r.pick(brandGroup(leaf.brands));
  const brandKey = ctx.brandKeys.get(brand) ?? slugify(brand);
  const brandId = ctx.brandIds.get(brand);
  if (brandId === undefined) throw new Error(`seed: unknown brand ${brand}`);
  const tier = BRAND_TIER.get(brand) ?? 2;
  const draft = leaf.build(r);
  const energyStar = leaf.energyStar !== undefined && r.chance(leaf.energyStar);
  const configurable = leaf.configurable !== undefined && r.chance(leaf.configurable.chance) &&
    (leaf.configurable.by === "color" || (draft.sizes !== undefined && draft.sizes.length > 1));
  const common: Common = {
    leaf, brand, brandKey, brandId, draft, energyStar, position: r.int(1, 9999),
    createdAt: new Date(ctx.epoch.getTime() - r.int(0, 900) * DAY - r.int(0, 86_399) * 1000),
  };

  const tierFactor = tier === 1 ? 0.82 : tier === 3 ? 1.3 : 1;
  // configurations with a price hint land in the matching part of the leaf's range, with some noise
  const hint = configurable && leaf.configurable!.by === "size" ? draft.sizes?.[0]?.priceHint ?? draft.priceHint : draft.priceHint;
  const u = hint === undefined ? r.float() : Math.min(1, Math.max(0, 0.75 * hint + 0.25 * r.float()));
  const baseDollars = (leaf.price[0] + (leaf.price[1] - leaf.price[0]) * u) * tierFactor;
  const poa = !configurable && r.chance(0.01);
  const special = poa ? null : planSpecial(r, ctx.today);
  const msrpFactor = r.chance(0.35) ? r.range(1.08, 1.3, 2) : null;
  const tweak = r.int(0, 3);
  const id = state.nextProductId++;
  const model = `${BRAND_PREFIX.get(brand) ?? "XX"}${leaf.code}${r.int(10, 99)}${id.toString(36).toUpperCase().padStart(4, "0")}`;
  const sku = `${BRAND_PREFIX.get(brand) ?? "XX"}-${model}`;

  if (!configurable) {
    const color = r.weighted(leaf.colors);
    const pricing = priceWith(retailPrice(baseDollars), special, msrpFactor, ctx.today);
    const name = `${brand} ${draft.title}`;
    const fullModel = `${model}${COLORS[color].code}`;
    const hasOutlet = !poa && r.chance(0.05);
    const row = productRow(ctx, r, common, {
      id, sku: `${sku}${COLORS[color].code}`, model: fullModel, name, urlKey: `${slugify(name)}-${fullModel.toLowerCase()}`, typeId: "simple", visibility: 4,
      pricing, poa, color, tweak, width: draft.width, hasOutlet, special,
    });
    batch.products.push(row.product);
    const attrs: [string, string][] = [...baseAttributes(common), ["color", COLORS[color].value], ...draft.attrs];
    finishVisible(ctx, state, batch, r, common, row.product, { attrs, promotions: row.promotions, tweak, color, special, openBox: hasOutlet });
    addInventory(batch, r, id, ctx.storeIds);
    if (hasOutlet) addOutlet(ctx, state, batch, r, common, row.product, attrs, color, tweak);
    remember(state, leaf.urlKey, { id, finalPrice: pricing.finalPrice, brand, title: draft.title, color });
    return;
  }

  // Configurable parent: children vary on colour or on size.
  const by = leaf.configurable!.by;
  interface ChildPlan { suffix: string; name: string; color: ColorKey; factor: number; attr: [string, string]; width?: number }
  const plans: ChildPlan[] = [];
  const parentColor = r.weighted(leaf.colors);
  if (by === "color") {
    const colors = [parentColor, ...r.sample(leaf.colors.map(([c]) => c).filter((c) => c !== parentColor), r.int(1, 3))];
    colors.forEach((c, k) => plans.push({
      suffix: COLORS[c].code, name: `${brand} ${draft.title}, ${COLORS[c].label}`, color: c,
      factor: k === 0 ? 1 : 1 + r.range(-0.04, 0.08, 2), attr: ["color", COLORS[c].value],
    }));
  } else {
    const sizes: SizeVariant[] = draft.sizes!.slice(0, 4);
    sizes.forEach((s) => plans.push({
      suffix: s.value.toUpperCase(), name: `${brand} ${s.title}`, color: parentColor, factor: s.priceFactor,
      attr: [s.attribute, s.value], width: s.width,
    }));
  }
  const superCode = by === "color" ? "color" : plans[0].attr[0];
  const shared = draft.attrs.filter(([code]) => code !== superCode);
  const childIds = plans.map(() => state.nextProductId++);
  const childPricing = plans.map((p) => priceWith(retailPrice(baseDollars * p.factor), special, msrpFactor, ctx.today));
  let cheapest = 0;
  childPricing.forEach((p, k) => { if (p.finalPrice < childPricing[cheapest].finalPrice) cheapest = k; });

  const parentName = `${brand} ${draft.parentTitle ?? draft.title}`;
  const parent = productRow(ctx, r, common, {
    id, sku, model, name: parentName, urlKey: `${slugify(parentName)}-${model.toLowerCase()}`, typeId: "configurable", visibility: 4,
    pricing: childPricing[cheapest], poa: false, color: plans[0].color, tweak, width: plans[0].width ?? draft.width, hasOutlet: false, special,
  });
  parent.product.extra = { ...parent.product.extra, configurable_default_simple_id: childIds[0] };
  parent.product.qty = 0;
  batch.products.push(parent.product);
  batch.superAttributes.push({ productId: id, attributeId: ctx.attributeIds.get(superCode)!, position: 0 });
  const parentAttrs: [string, string][] = [...baseAttributes(common), ...shared, ...plans.map((p) => p.attr)];
  if (by !== "color") parentAttrs.push(["color", COLORS[parentColor].value]);
  finishVisible(ctx, state, batch, r, common, parent.product, { attrs: parentAttrs, promotions: parent.promotions, tweak, color: plans[0].color, special, openBox: false });

  plans.forEach((plan, k) => {
    const childId = childIds[k];
    const childModel = by === "color" ? `${model}${plan.suffix}` : `${model}-${plan.suffix}`;
    const child = productRow(ctx, r, common, {
      id: childId, sku: `${sku}-${plan.suffix}`, model: childModel, name: plan.name, urlKey: `${slugify(plan.name)}-${childModel.toLowerCase()}`,
      typeId: "simple", visibility: 1, pricing: childPricing[k], poa: false, color: plan.color, tweak, width: plan.width ?? draft.width, hasOutlet: false, special,
    });
    child.product.parentId = id;
    batch.products.push(child.product);
    parent.product.qty = (parent.product.qty ?? 0) + (child.product.qty ?? 0);
    const childAttrs: [string, string][] = [...baseAttributes(common), ...shared, plan.attr];
    if (by !== "color") childAttrs.push(["color", COLORS[parentColor].value]);
    addAttributeRows(batch, ctx, childId, childAttrs);
    child.product.imageUrl = addImages(batch, childId, plan.name, leaf.kind, leaf.style, tweak, hex(plan.color), 3);
    addInventory(batch, r, childId, ctx.storeIds);
  });
  remember(state, leaf.urlKey, { id, finalPrice: parent.product.finalPrice, brand, title: draft.parentTitle ?? draft.title, color: parentColor });
}

function baseAttributes(common: Common): [string, string][] {
  const attrs: [string, string][] = [["manufacturer", common.brandKey], ["condition", "new"]];
  if (common.leaf.energyStar !== undefined) attrs.push(["energy_star", common.energyStar ? "1" : "0"]);
  return attrs;
}

interface RowInput {
  id: number;
  sku: string;
  model: string;
  name: string;
  urlKey: string;
  typeId: "simple" | "configurable" | "bundle";
  visibility: number;
  pricing: Pricing;
  poa: boolean;
  color: ColorKey;
  tweak: number;
  width?: number;
  hasOutlet: boolean;
  special: SpecialPlan | null;
}

/** Builds the products row (flags and reviews are filled in by finishVisible for visible ones). */
function productRow(ctx: CatalogContext, r: Rng, common: Common, input: RowInput): { product: ProductRow; promotions: string[] } {
  const { leaf, draft, brand } = common;
  const d = leaf.dims;
  const width = input.width ?? r.range(d.w[0], d.w[1]);
  const features = r.sample(draft.features, r.int(4, 6));
  const promotions = input.visibility === 4 ? promotionsFor(r, leaf, brand, common.energyStar) : [];
  const height = r.range(d.h[0], d.h[1]);
  const depth = r.range(d.d[0], d.d[1]);
  const weight = r.range(d.lbs[0], d.lbs[1]);
  const specs = specificationRows(ctx, draft.attrs, draft.specs);
  const extra: Record<string, unknown> = {
    product_features: features,
    product_flags: [],
    gallery_layout: r.chance(0.2) ? "grid" : "default",
    // specification groups for the product page: group name -> ordered label/value rows
    product_data: {
      Overview: [{ label: "Brand", value: brand }, { label: "Model Number", value: input.model }, { label: "Color", value: COLORS[input.color].label },
        { label: "Condition", value: "New" }],
      Specifications: specs,
      Dimensions: [{ label: "Height", value: inches(height) }, { label: "Width", value: inches(width) }, { label: "Depth", value: inches(depth) },
        { label: "Weight", value: `${Math.round(weight)} lbs.` }],
      Warranty: [{ label: "Manufacturer Warranty", value: leaf.family === "furniture" ? "1 Year Limited" : r.pick(["1 Year Parts & Labor", "2 Years Parts & Labor"]) }],
    },
  };
  const item = ctx.brandIds.get(brand) ?? 0;
  const product: ProductRow = {
    entityId: input.id, sku: input.sku, urlKey: input.urlKey, typeId: input.typeId, name: input.name, modelNumber: input.model, brandId: common.brandId,
    description: description(r, leaf.family, brand, draft.parentTitle && input.typeId === "configurable" ? draft.parentTitle : draft.title, leaf.noun, features),
    shortDescription: features.slice(0, 3).join(". ") + ".",
    metaTitle: `${input.name} | ${input.model}`,
    metaDescription: `Shop the ${input.name} (model ${input.model}) at ${STORE_NAME}. ${features[0]}. Free store pickup and local delivery.`,
    metaKeyword: [brand, leaf.name, leaf.noun, input.model].join(", "),
    visibility: input.visibility, status: 1, parentId: null, outletOf: null, condition: "new",
    price: input.pricing.price, specialPrice: input.pricing.specialPrice, specialFromDate: input.pricing.specialFromDate, specialToDate: input.pricing.specialToDate,
    msrp: input.pricing.msrp, poa: input.poa, displayAddToCart: !input.poa, finalPrice: input.pricing.finalPrice,
    qty: r.chance(0.08) ? 0 : r.int(1, 60), weight: Math.round(weight), height, width, depth,
    energyStarQualified: common.energyStar, upccode: upc(item, input.id), imageUrl: "",
    reviewsCount: 0, reviewsRating: 0, position: common.position, extra,
    searchText: "",
    createdAt: common.createdAt,
  };
  return { product, promotions };
}

interface VisibleInput {
  attrs: [string, string][];
  promotions: string[];
  tweak: number;
  color: ColorKey;
  special: SpecialPlan | null;
  openBox: boolean;
}

/** Visible products: images, categories, attributes, links, promotions, reviews and flags. */
function finishVisible(ctx: CatalogContext, state: GeneratorState, batch: ProductBatch, r: Rng, common: Common, product: ProductRow, input: VisibleInput): void {
  const { leaf } = common;
  const { attrs, promotions, tweak, color, special } = input;
  const id = product.entityId!;
  product.imageUrl = addImages(batch, id, product.name, leaf.kind, leaf.style, tweak, hex(color), r.int(3, 6));
  let assetPosition = 10;
  if (r.chance(0.1)) {
    const url = productImagePath({ kind: leaf.kind, color: hex(color), style: leaf.style, tweak, view: "angle" });
    batch.assets.push({ productId: id, assetType: "image360", url, thumbUrl: url, label: `${product.name} - 360° view`, position: assetPosition++ });
  }
  const extra = product.extra as Record<string, unknown>;
  if (r.chance(0.08)) {
    const thumb = productImagePath({ kind: leaf.kind, color: hex(color), style: leaf.style, tweak, view: "room" });
    const file = videoPath(leaf.kind);
    batch.assets.push({ productId: id, assetType: "video", url: file, thumbUrl: thumb, label: `${product.name} - Product overview`, position: assetPosition++ });
    extra.videos_json = [{ Title: `${common.brand} ${leaf.noun} overview`, Description: `A quick tour of the ${product.name}.`, ThumbUrl: thumb, FileUrl: file, SubtitleUrl: "" }];
  }
  const clearance = special !== null && special.pct >= 0.2 && product.finalPrice === product.specialPrice;
  addCategories(batch, ctx, id, clearance ? [leaf.urlKey, CLEARANCE_LEAF[leaf.family]] : [leaf.urlKey], common.position);
  addAttributeRows(batch, ctx, id, attrs);
  linkProducts(batch, state, r, id, leaf, product.finalPrice);
  for (const programId of promotions) batch.promotions.push({ productId: id, programId });
  const review = addReviews(batch, r, id, leaf.family, leaf.noun, ctx.epoch);
  product.reviewsCount = review.count;
  product.reviewsRating = review.rating;
  const onSale = product.specialPrice !== null && product.finalPrice === product.specialPrice;
  extra.product_flags = flagsFor({
    isNew: ctx.epoch.getTime() - common.createdAt.getTime() < 60 * DAY,
    topRated: review.count >= 8 && review.rating >= 4.5,
    bestSeller: r.chance(0.06),
    onSale, pct: special?.pct ?? 0,
    rebate: promotions.length > 0,
    freeDelivery: leaf.family === "appliances" && product.finalPrice >= 49_900,
    financing: product.finalPrice >= 199_900,
    energyStar: common.energyStar,
    bundle: false,
    openBox: input.openBox,
    onlineOnly: r.chance(0.04),
  });
}

function addOutlet(ctx: CatalogContext, state: GeneratorState, batch: ProductBatch, r: Rng, common: Common, parent: ProductRow,
  attrs: readonly [string, string][], color: ColorKey, tweak: number): void {
  const id = state.nextProductId++;
  const price = retailPrice((parent.finalPrice / 100) * r.range(0.68, 0.88, 2));
  const name = `Open Box - ${parent.name}`;
  const note = r.pick(["Minor scuff on the left side panel.", "Small dent on the back, not visible when installed.", "Floor model in excellent condition.",
    "Customer return, inspected and tested.", "Packaging damaged, product like new.", "Light scratch on the top surface."]);
  batch.products.push({
    ...parent,
    entityId: id, sku: `${parent.sku}-OB`, urlKey: `${parent.urlKey}-open-box`, name, visibility: 1, outletOf: parent.entityId, condition: "open_box",
    price, specialPrice: null, specialFromDate: null, specialToDate: null, msrp: null, finalPrice: price, qty: 1, position: 0,
    reviewsCount: 0, reviewsRating: 0, upccode: parent.upccode,
    shortDescription: `Open box: ${note} Full manufacturer warranty.`,
    extra: {
      product_features: ["Inspected and tested by our service team", "Full manufacturer warranty", note, "Limited quantity, available at the listed store"],
      product_flags: [{ position: 1, visible: true, text: "Open Box", color: "#795548" }],
      gallery_layout: "default",
      condition_notes: note,
    },
    searchText: parent.searchText,
  });
  addAttributeRows(batch, ctx, id, attrs.map(([code, value]) => (code === "condition" ? ["condition", "open-box"] as const : [code, value] as const)));
  addImages(batch, id, name, common.leaf.kind, common.leaf.style, tweak, hex(color), 2);
  const stores = r.sample(ctx.storeIds, r.int(1, 2));
  for (const locationId of stores) batch.inventory.push({ productId: id, locationId, qty: 1 });
}

// ------------------------------------------------------------------------------------------
// bundles
// ------------------------------------------------------------------------------------------

function generateBundle(ctx: CatalogContext, state: GeneratorState, batch: ProductBatch, r: Rng, template: BundleDef): boolean {
  const picks: { option: BundleDef["options"][number]; entries: PoolEntry[] }[] = [];
  for (const option of template.options) {
    const candidates = option.group
      ? state.addOns.filter((a) => a.def.group === option.group).map((a) => ({ id: a.id, finalPrice: Math.round(a.def.price * 100), brand: a.def.brand, title: a.def.name.replace(`${a.def.brand} `, ""), color: a.def.color }))
      : option.from.flatMap((key) => state.pools.get(key) ?? []);
    if (candidates.length === 0) {
      if (option.required) return false; // too early in the run: make a regular product instead
      continue;
    }
    picks.push({ option, entries: r.sample(candidates, r.int(1, 3)) });
  }
  const lead = picks[0].entries[0];
  const leafKey = template.urlKey;
  const brand = lead.brand;
  const brandId = ctx.brandIds.get(brand)!;
  const id = state.nextProductId++;
  const price = picks.reduce((sum, p) => sum + p.entries[0].finalPrice * p.option.qty, 0);
  const specialPrice = retailPrice((price / 100) * 0.9);
  const from = new Date(ctx.today.getTime() - r.int(1, 14) * DAY);
  const to = new Date(ctx.today.getTime() + r.int(14, 60) * DAY);
  const name = `${brand} ${template.label}`;
  const model = `PKG${template.urlKey.slice(0, 2).toUpperCase()}${id.toString(36).toUpperCase().padStart(5, "0")}`;
  const components = picks.map((p) => `${p.option.qty > 1 ? `${p.option.qty} x ` : ""}${p.entries[0].brand} ${p.entries[0].title}`);
  const position = r.int(1, 9999);
  const product: ProductRow = {
    entityId: id, sku: `PKG-${model}`, urlKey: `${slugify(name)}-${model.toLowerCase()}`, typeId: "bundle", name, modelNumber: model, brandId,
    description: `<p>Everything you need in one package, priced 10% below buying each piece separately.</p><h3>What's included</h3><ul>${components.map((c) => `<li>${html(c)}</li>`).join("")}</ul>` +
      `<p>Swap any item for another qualifying model to build the package that fits your home.</p>`,
    shortDescription: `Includes ${components.join(", ")}.`,
    metaTitle: `${name} | ${model}`,
    metaDescription: `Save 10% with the ${name} at ${STORE_NAME}: ${components.join(", ")}.`.slice(0, 300),
    metaKeyword: `${brand}, ${template.name}, package, bundle`,
    visibility: 4, status: 1, parentId: null, outletOf: null, condition: "new",
    price, specialPrice, specialFromDate: from, specialToDate: to, msrp: null, poa: false, displayAddToCart: true, finalPrice: specialPrice,
    qty: r.int(1, 20), weight: null, height: null, width: null, depth: null, energyStarQualified: false, upccode: "", imageUrl: "",
    reviewsCount: 0, reviewsRating: 0, position,
    extra: {
      product_features: [...components.map((c) => `Includes ${c}`), "Save 10% versus buying separately"],
      product_flags: [] as Flag[],
      gallery_layout: "default",
      package_savings_amount: price - specialPrice,
    },
    searchText: ["package bundle", ...picks.map((p) => p.option.title)].join(" "),
    createdAt: new Date(ctx.epoch.getTime() - r.int(0, 300) * DAY),
  };
  batch.products.push(product);
  product.imageUrl = addImages(batch, id, name, template.kind, template.style, r.int(0, 3), hex(lead.color), 3);
  picks.forEach((p, k) => {
    const optionId = state.nextBundleOptionId++;
    batch.bundleOptions.push({ optionId, bundleId: id, title: p.option.title, required: p.option.required, position: k + 1 });
    p.entries.forEach((entry, s) => batch.bundleSelections.push({ optionId, productId: entry.id, qty: p.option.qty, isDefault: s === 0, position: s + 1 }));
  });
  addCategories(batch, ctx, id, [leafKey], position);
  addAttributeRows(batch, ctx, id, [["manufacturer", ctx.brandKeys.get(brand)!], ["condition", "new"], ["color", COLORS[lead.color].value]]);
  const family = LEAF_BY_KEY.get(template.options[0].from[0])?.family ?? "appliances";
  const review = addReviews(batch, r, id, family, "package", ctx.epoch);
  product.reviewsCount = review.count;
  product.reviewsRating = review.rating;
  (product.extra as Record<string, unknown>).product_flags = flagsFor({
    isNew: false, topRated: false, bestSeller: false, onSale: true, pct: 0.1, rebate: false, freeDelivery: family === "appliances",
    financing: specialPrice >= 199_900, energyStar: false, bundle: true, openBox: false, onlineOnly: false,
  });
  addInventory(batch, r, id, ctx.storeIds);
  return true;
}
