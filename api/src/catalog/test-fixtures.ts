import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { schema, type Db } from "../db/client";
import type { TestApp } from "../test/app";
import type { CatalogModel } from "./index-model";

/**
 * A small, hand-made catalogue for listing and search tests: every rule has a product that
 * shows it (hidden, disabled, search-only, configurable with children, open-box outlet, on
 * promotion), with exact numbers the tests can assert.
 */

export const CATEGORY = { root: 1, default: 2, appliances: 3, refrigerators: 4, dishwashers: 5, electronics: 6, tvs: 7, empty: 8, landing: 9 } as const;

interface ProductDef {
  id: number;
  sku: string;
  name: string;
  price: number; // cents
  final?: number;
  cats: number[]; // leaf category; ancestors are added
  color?: string;
  capacity?: string;
  features?: string[];
  visibility?: number;
  status?: number;
  typeId?: string;
  parentId?: number;
  outletOf?: number;
  rating?: number;
  reviews?: number;
  position?: number;
  createdDaysAgo?: number;
  model?: string;
  searchText?: string;
  brand?: number;
  flags?: unknown;
  qty?: number;
}

const ANCESTORS: Record<number, number[]> = { 3: [2], 4: [2, 3], 5: [2, 3], 6: [2], 7: [2, 6], 8: [2], 9: [2] };

export const PRODUCTS: ProductDef[] = [
  { id: 101, sku: "FR-100", name: "Samsung French Door Refrigerator", price: 189_900, final: 169_900, cats: [4], color: "stainless", capacity: "large", features: ["ice", "wifi"], rating: 4.5, reviews: 20, position: 1, createdDaysAgo: 10, model: "RF28R7351SG", brand: 1, searchText: "fridge french door stainless ice maker", flags: [{ position: 1, visible: true, text: "New", color: "#00f" }, { position: 9, text: "bad" }] },
  { id: 102, sku: "FR-200", name: "Frostline Side-by-Side Refrigerator", price: 149_900, cats: [4], color: "white", capacity: "large", features: ["ice"], rating: 4.0, reviews: 5, position: 2, createdDaysAgo: 5, brand: 2, searchText: "fridge side by side white" },
  { id: 103, sku: "FR-300", name: "Frostline Top Freezer Refrigerator", price: 79_900, cats: [4], color: "black", capacity: "medium", rating: 3.5, reviews: 8, position: 3, createdDaysAgo: 30, brand: 2, searchText: "fridge top freezer black" },
  { id: 104, sku: "FR-400", name: "Samsung Compact Refrigerator", price: 29_900, final: 24_900, cats: [4], color: "black", capacity: "small", rating: 4.8, reviews: 2, position: 4, createdDaysAgo: 1, brand: 1, searchText: "mini fridge compact dorm" },
  { id: 105, sku: "DW-100", name: "Kessler Quiet Dishwasher", price: 99_900, cats: [5], color: "stainless", capacity: "medium", features: ["wifi"], rating: 4.2, reviews: 12, position: 5, createdDaysAgo: 20, brand: 3, searchText: "dishwasher quiet stainless third rack" },
  { id: 106, sku: "DW-200", name: "Kessler Compact Dishwasher", price: 59_900, cats: [5], color: "white", capacity: "small", rating: 3.9, reviews: 3, position: 6, createdDaysAgo: 15, brand: 3, searchText: "dishwasher portable compact white" },
  { id: 107, sku: "TV-55", name: "Lumetra 55 inch OLED TV", price: 129_900, cats: [7], color: "black", features: ["wifi"], rating: 4.7, reviews: 40, position: 7, createdDaysAgo: 3, brand: 4, searchText: "television oled smart 4k" },
  { id: 108, sku: "TV-65", name: "Lumetra 65 inch LED TV", price: 89_900, final: 79_900, cats: [7], color: "black", rating: 4.1, reviews: 9, position: 8, createdDaysAgo: 40, brand: 4, searchText: "television led smart 4k" },
  // configurable with two children (children are not listed; the parent has their colours)
  { id: 109, sku: "TV-CFG", name: "Lumetra 50 inch QLED TV", price: 69_900, cats: [7], typeId: "configurable", rating: 0, reviews: 0, position: 9, createdDaysAgo: 2, brand: 4, searchText: "television qled smart", qty: 0 },
  { id: 110, sku: "TV-CFG-SLV", name: "Lumetra 50 inch QLED TV Silver", price: 69_900, cats: [7], color: "silver", visibility: 1, parentId: 109, position: 10, brand: 4, qty: 3 },
  { id: 111, sku: "TV-CFG-WHT", name: "Lumetra 50 inch QLED TV White", price: 69_900, cats: [7], color: "white", visibility: 1, parentId: 109, position: 11, brand: 4, qty: 0 },
  // open-box outlet of 101: one listed, one not visible individually
  { id: 112, sku: "FR-100-OB", name: "Samsung French Door Refrigerator (Open Box)", price: 189_900, final: 139_900, cats: [4], color: "stainless", capacity: "large", outletOf: 101, position: 12, createdDaysAgo: 0, brand: 1, searchText: "fridge open box" },
  { id: 113, sku: "FR-100-OB2", name: "Samsung French Door Refrigerator (Open Box 2)", price: 189_900, final: 129_900, cats: [4], color: "stainless", outletOf: 101, visibility: 1, position: 13, brand: 1 },
  // hidden from listings in other ways
  { id: 114, sku: "FR-DIS", name: "Disabled Refrigerator", price: 99_900, cats: [4], color: "white", status: 2, position: 14, brand: 2, searchText: "fridge" },
  { id: 115, sku: "FR-SRCH", name: "Search Only Refrigerator Filter", price: 4_900, cats: [4], visibility: 3, position: 15, brand: 2, searchText: "water filter fridge replacement" },
  { id: 116, sku: "DW-CAT", name: "Catalog Only Dishwasher Rack", price: 2_900, cats: [5], visibility: 2, position: 16, brand: 3, searchText: "dishwasher rack accessory" },
];

export const VISIBLE_IN_CATALOG = [101, 102, 103, 104, 105, 106, 107, 108, 109, 112, 116];
export const VISIBLE_IN_SEARCH = [101, 102, 103, 104, 105, 106, 107, 108, 109, 112, 115];

const day = 86_400_000;
const BASE_TIME = Date.UTC(2026, 0, 31);

export async function insertCatalogFixtures(db: Db) {
  await db.insert(schema.categories).values([
    { entityId: 1, parentId: null, path: "1", urlKey: "root", name: "Root Catalog", level: 0 },
    { entityId: 2, parentId: 1, path: "1/2", urlKey: "default-category", name: "Default Category", level: 1 },
    { entityId: 3, parentId: 2, path: "1/2/3", urlKey: "appliances", name: "Appliances", level: 2, position: 1, description: "<p>Big <b>appliances</b></p><script>x()</script>", metaTitle: "Appliances | Test" },
    { entityId: 4, parentId: 3, path: "1/2/3/4", urlKey: "refrigerators", name: "Refrigerators", level: 3, position: 1, defaultSortBy: "price" },
    { entityId: 5, parentId: 3, path: "1/2/3/5", urlKey: "dishwashers", name: "Dishwashers", level: 3, position: 2 },
    { entityId: 6, parentId: 2, path: "1/2/6", urlKey: "electronics", name: "Electronics", level: 2, position: 2 },
    { entityId: 7, parentId: 6, path: "1/2/6/7", urlKey: "tvs", name: "TVs", level: 3, position: 1 },
    { entityId: 8, parentId: 2, path: "1/2/8", urlKey: "empty", name: "Empty Aisle", level: 2, position: 3 },
    { entityId: 9, parentId: 2, path: "1/2/9", urlKey: "kitchen-ideas", name: "Kitchen Ideas", level: 2, position: 4, displayMode: "PAGE", landing: { hero_block: "kitchen-ideas-hero", section_order: ["hero", "featured"] } },
  ]);
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('categories', 'entity_id'), 100)`);
  await db.insert(schema.brands).values([
    { brandId: 1, name: "Samsung", urlKey: "samsung" },
    { brandId: 2, name: "Frostline", urlKey: "frostline" },
    { brandId: 3, name: "Kessler", urlKey: "kessler" },
    { brandId: 4, name: "Lumetra", urlKey: "lumetra" },
  ]);
  await db.insert(schema.attributes).values([
    { attributeId: 1, code: "color", label: "Color", isSwatch: true, position: 2 },
    { attributeId: 2, code: "capacity", label: "Capacity", position: 3 },
    { attributeId: 3, code: "features", label: "Features", frontendInput: "multiselect", position: 4 },
    { attributeId: 4, code: "price", label: "Price", frontendInput: "price", position: 1 },
    { attributeId: 5, code: "internal_code", label: "Internal", isFilterable: false, position: 5 },
  ]);
  const options = [
    [1, 1, "stainless", "Stainless Steel", "#c0c4c8", 1], [2, 1, "white", "White", "#ffffff", 2], [3, 1, "black", "Black", "#000000", 3],
    [4, 1, "silver", "Silver", "#b8bcc2", 4], [5, 1, "red", "Red", "#ff0000", 5],
    [6, 2, "small", "Small", null, 1], [7, 2, "medium", "Medium", null, 2], [8, 2, "large", "Large", null, 3],
    [9, 3, "ice", "Ice Maker", null, 1], [10, 3, "wifi", "Wi-Fi", null, 2],
  ] as const;
  await db.insert(schema.attributeOptions).values(options.map(([optionId, attributeId, value, label, swatch, position]) => ({ optionId, attributeId, value, label, swatch, position })));
  for (const table of ["brands:brand_id", "attributes:attribute_id", "attribute_options:option_id"]) {
    const [name, column] = table.split(":");
    await db.execute(sql`SELECT setval(pg_get_serial_sequence(${name}, ${column}), 1000)`);
  }
  const optionId = (attr: number, value: string) => options.find((o) => o[1] === attr && o[2] === value)![0];

  await db.insert(schema.products).values(PRODUCTS.map((p) => ({
    entityId: p.id,
    sku: p.sku,
    urlKey: p.sku.toLowerCase(),
    name: p.name,
    price: p.price,
    finalPrice: p.final ?? p.price,
    specialPrice: p.final ?? null,
    msrp: p.id === 101 ? 199_900 : null,
    typeId: p.typeId ?? "simple",
    visibility: p.visibility ?? 4,
    status: p.status ?? 1,
    parentId: p.parentId ?? null,
    outletOf: p.outletOf ?? null,
    condition: p.outletOf ? "open_box" : "new",
    reviewsRating: p.rating ?? 0,
    reviewsCount: p.reviews ?? 0,
    position: p.position ?? 0,
    createdAt: new Date(BASE_TIME - (p.createdDaysAgo ?? 100) * day),
    modelNumber: p.model ?? "",
    searchText: p.searchText ?? "",
    brandId: p.brand ?? null,
    imageUrl: `/media/test/${p.id}.png`,
    extra: p.flags ? { product_flags: p.flags } : {},
    qty: p.qty ?? 5,
  })));
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('products', 'entity_id'), 1000)`);
  await db.insert(schema.productCategories).values(PRODUCTS.flatMap((p) => [...p.cats, ...ANCESTORS[p.cats[0]]].map((categoryId) => ({
    productId: p.id, categoryId, position: categoryId === p.cats[0] ? 100 - (p.position ?? 0) : 0,
  }))));
  await db.insert(schema.productAttributeValues).values(PRODUCTS.flatMap((p) => [
    ...(p.color ? [{ productId: p.id, attributeId: 1, optionId: optionId(1, p.color) }] : []),
    ...(p.capacity ? [{ productId: p.id, attributeId: 2, optionId: optionId(2, p.capacity) }] : []),
    ...(p.features ?? []).map((f) => ({ productId: p.id, attributeId: 3, optionId: optionId(3, f) })),
  ]));
  await db.insert(schema.productSuperAttributes).values({ productId: 109, attributeId: 1 });
  await db.insert(schema.rebatePrograms).values([
    { programId: "SPRING", promoName: "Spring Savings", startDate: new Date(Date.now() - 10 * day), endDate: new Date(Date.now() + 10 * day), amount: 10_000, linqType: "rebate", manufacturer: "Samsung" },
    { programId: "OLD", promoName: "Last Year", startDate: new Date(Date.now() - 400 * day), endDate: new Date(Date.now() - 300 * day), amount: 5_000 },
  ]);
  await db.insert(schema.productPromotions).values([
    { programId: "SPRING", productId: 101 }, { programId: "SPRING", productId: 104 }, { programId: "SPRING", productId: 114 },
    { programId: "OLD", productId: 102 },
  ]);
  await db.insert(schema.searchRedirects).values({ term: "Store Locator", url: "/contact" });
  await db.insert(schema.cmsBlocks).values([
    { identifier: "appliances-hero", title: "Appliances hero", content: "<div>Hero<script>bad()</script></div>" },
    { identifier: "kitchen-ideas-hero", title: "Kitchen hero", content: "<p>Ideas</p>" },
    { identifier: "special-color-red", title: "Red", content: "<p>Red things</p>" },
  ]);
}

/** Every answer of `urls`, each asked twice (the second, from the answer cache, must be the same). */
export async function answersOf(app: TestApp, urls: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const url of urls) {
    const first = await app.inject(`/api/rest${url}`);
    expect(first.statusCode, `${url}: ${first.body}`).toBe(200);
    const again = await app.inject(`/api/rest${url}`);
    expect(again.body, url).toBe(first.body);
    out.push(first.body);
  }
  return out;
}

/** The current model with every base indexed by price (small bases too), so a patch must not leave stale price indexes. */
export async function indexEveryBase(app: TestApp): Promise<CatalogModel> {
  const model = await app.services.catalog.current(await app.services.config.get());
  model.priceIndexMinBase = 0;
  return model;
}
