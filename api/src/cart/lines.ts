import { and, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { bundlePrice } from "@store/contract";
import { schema, type Db } from "../db/client";
import { BuiltOnce } from "../db/built-once";
import { intArrayText } from "../product/list-item";
import type { StoredSelection } from "../db/schema/cart";
import { Clock, finalPriceCents, type PriceColumns } from "../product/money";
import { promotionKind } from "../product/shape";
import type { TotalsLine, TotalsProgram } from "./totals";

/** the line products' read, built once (see BuiltOnce) */
const statements = new BuiltOnce();

export type ItemRow = typeof schema.cartItems.$inferSelect;
/**
 * What the cart reads of a product: the columns it shows, prices and checks. Never `select *`:
 * a product row also carries descriptions, display data and search vectors the cart never uses.
 */
export const CART_PRODUCT_COLUMNS = {
  entityId: schema.products.entityId, sku: schema.products.sku, urlKey: schema.products.urlKey, typeId: schema.products.typeId,
  name: schema.products.name, modelNumber: schema.products.modelNumber, brandId: schema.products.brandId, status: schema.products.status,
  parentId: schema.products.parentId, price: schema.products.price, specialPrice: schema.products.specialPrice,
  specialFromDate: schema.products.specialFromDate, specialToDate: schema.products.specialToDate, msrp: schema.products.msrp,
  poa: schema.products.poa, displayAddToCart: schema.products.displayAddToCart, qty: schema.products.qty, imageUrl: schema.products.imageUrl,
};
export type ProductRow = { [K in keyof typeof CART_PRODUCT_COLUMNS]: (typeof CART_PRODUCT_COLUMNS)[K]["_"]["notNull"] extends true
  ? (typeof CART_PRODUCT_COLUMNS)[K]["_"]["data"] : (typeof CART_PRODUCT_COLUMNS)[K]["_"]["data"] | null };

/** A line's product with what only lines need: its brand's name, its programmes and its fees. */
export type LineProduct = ProductRow & {
  manufacturer: string;
  programs: Array<{ programId: string; promoName: string; linqType: string; amount: number; afterCheckout: boolean; start: string; end: string }>;
  fees: Array<{ title: string; amount: number }>;
};

/** A cart line with what it needs from the catalogue: prices, names, stock, programmes, fees. */
export interface Line {
  item: ItemRow;
  product: ProductRow;
  /** configurable: the chosen simple child */
  child: ProductRow | null;
  manufacturer: string;
  selections: Array<StoredSelection & { sku: string; name: string }>;
  unitPrice: number;
  regularPrice: number;
  programs: TotalsProgram[];
  fees: Array<{ title: string; amount: number }>;
}

export const priceColumns = (p: ProductRow): PriceColumns => ({
  price: p.price, specialPrice: p.specialPrice, specialFromDate: p.specialFromDate, specialToDate: p.specialToDate,
  msrp: p.msrp, poa: p.poa, displayAddToCart: p.displayAddToCart,
});

/** Units of each stock-keeping product a set of lines takes (a configurable's child, a bundle's selections). */
export function stockNeeds(items: ReadonlyArray<Pick<ItemRow, "productId" | "childId" | "bundleSelections" | "qty">>): Map<number, number> {
  const need = new Map<number, number>();
  const add = (id: number, n: number) => need.set(id, (need.get(id) ?? 0) + n);
  for (const item of items) {
    if (item.bundleSelections.length > 0) for (const s of item.bundleSelections) add(s.product_id, s.qty * item.qty);
    else add(item.childId ?? item.productId, item.qty);
  }
  return need;
}

export async function productsById(db: Db, ids: Iterable<number>): Promise<Map<number, ProductRow>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db.select(CART_PRODUCT_COLUMNS).from(schema.products).where(inArray(schema.products.entityId, list));
  return new Map(rows.map((r) => [r.entityId, r]));
}

/** What a line reads of a product: its columns with brand name, programmes and fees. */
export const LINE_PRODUCT_FIELDS = {
  ...CART_PRODUCT_COLUMNS,
  manufacturer: sql<string>`coalesce((select b.name from brands b where b.brand_id = products.brand_id), '')`,
  programs: sql<LineProduct["programs"]>`(select coalesce(json_agg(json_build_object('programId', r.program_id, 'promoName', r.promo_name,
    'linqType', r.linq_type, 'amount', r.amount, 'afterCheckout', r.after_checkout, 'start', r.start_date, 'end', r.end_date)), '[]'::json)
    from product_promotions pp join rebate_programs r on r.program_id = pp.program_id where pp.product_id = products.entity_id)`,
  fees: sql<LineProduct["fees"]>`(select coalesce(json_agg(json_build_object('title', f.title, 'amount', f.amount)), '[]'::json)
    from product_fees f where f.product_id = products.entity_id)`,
};

/**
 * The products of the lines with brand name, programmes and fees, in one statement; `lock`: their
 * rows locked, in id order (placing an order decides stock and money on them). NO KEY UPDATE is
 * what the stock update needs: places still queue on a product, but a shopper adding it to a cart
 * (the cart_items foreign-key check takes KEY SHARE) does not wait for them.
 */
export async function lineProducts(db: Db, ids: number[], lock = false): Promise<Map<number, LineProduct>> {
  const p = schema.products;
  // one text for any number of ids (an array parameter), built once
  const rows = await statements.run<LineProduct[]>(db, `line products: ${lock}`, (d) => {
    const query = d.select(LINE_PRODUCT_FIELDS).from(p).where(sql`${p.entityId} = ANY(${sql.placeholder("ids")}::int[])`);
    return lock ? query.orderBy(p.entityId).for("no key update", { of: p }) : query;
  }, { ids: intArrayText(ids) });
  return new Map(rows.map((r) => [r.entityId, r]));
}

/**
 * The products of the lines of the cart `owner` picks (everything loadCart reads for them: main
 * products, children, the chosen bundle pieces and the bundles' default pieces), read and locked in
 * id order as lineProducts(…, true) reads them, in one statement keyed by the cart instead of by ids.
 */
export async function cartLineProducts(db: Db, owner: (sessionId: Placeholder<"sessionId">) => SQL, sessionId: string): Promise<Map<number, LineProduct>> {
  const p = schema.products;
  const rows = await statements.run<LineProduct[]>(db, "cart line products", (d) => d.select(LINE_PRODUCT_FIELDS).from(p)
    .where(sql`${p.entityId} IN (SELECT used.id FROM carts JOIN cart_items i ON i.cart_id = carts.cart_id
      CROSS JOIN LATERAL (SELECT i.product_id UNION ALL SELECT i.child_id
        UNION ALL SELECT (s ->> 'product_id')::int FROM jsonb_array_elements(i.bundle_selections) s
        UNION ALL SELECT bs.product_id FROM bundle_options bo JOIN bundle_selections bs ON bs.option_id = bo.option_id
          WHERE bo.bundle_id = i.product_id AND bs.is_default AND jsonb_array_length(i.bundle_selections) > 0) AS used(id)
      WHERE ${owner(sql.placeholder("sessionId"))})`)
    .orderBy(p.entityId).for("no key update", { of: p }), { sessionId });
  return new Map(rows.map((r) => [r.entityId, r]));
}

/** Where line products come from: the database by default, or what the caller holds (CartProducts). */
export type ProductSource = (ids: number[]) => Promise<ReadonlyMap<number, LineProduct>>;

/**
 * The lines, the online units of every product they use (main products, children, bundle
 * parts) and those products as read. `known`, `knownProducts`: the cart's items and products as
 * the caller already read them in its transaction; `source`: where the others are read.
 */
export async function loadCart(db: Db, cartId: number | null, now: Date, known?: ItemRow[], knownProducts?: ReadonlyMap<number, LineProduct>,
  source: ProductSource = (ids) => lineProducts(db, ids)): Promise<{ lines: Line[]; stock: Map<number, number>; pricesChangeAt: number; products: ReadonlyMap<number, LineProduct> }> {
  if (cartId === null) return { lines: [], stock: new Map(), pricesChangeAt: Infinity, products: new Map() };
  const items = known ?? await db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cartId)).orderBy(schema.cartItems.itemId);
  if (items.length === 0) return { lines: [], stock: new Map(), pricesChangeAt: Infinity, products: new Map() };
  const ids = new Set<number>();
  for (const i of items) {
    ids.add(i.productId);
    if (i.childId !== null) ids.add(i.childId);
    for (const s of i.bundleSelections) ids.add(s.product_id);
  }
  const defaults = await bundleDefaults(db, items);
  for (const list of defaults.values()) for (const d of list) ids.add(d.productId);
  // products read earlier in the caller's transaction are not read again
  const products = new Map(knownProducts ?? []);
  const missing = [...ids].filter((id) => !products.has(id));
  if (missing.length > 0) for (const [id, p] of await source(missing)) products.set(id, p);
  for (const id of products.keys()) if (!ids.has(id)) products.delete(id);
  const clock = new Clock(now.getTime());
  const stock = new Map([...products.values()].map((p) => [p.entityId, Math.max(0, p.qty)]));
  const lines = items.map((item) => line(item, products, defaults, clock));
  // the clock has watched every sale window the prices above read (bundle pieces included)
  return { lines, stock, pricesChangeAt: clock.next, products };
}

function line(item: ItemRow, products: Map<number, LineProduct>, defaults: Map<number, BundleDefault[]>, clock: Clock): Line {
  const product = products.get(item.productId)!;
  const child = item.childId === null ? null : products.get(item.childId) ?? null;
  const priced = child ?? product;
  let unitPrice = finalPriceCents(priceColumns(priced), clock);
  let regularPrice = priced.price;
  if (item.bundleSelections.length > 0) {
    // a package's price follows the pieces chosen (the product page shows the same rule)
    const pieceDefaults = defaults.get(product.entityId) ?? [];
    const price = (id: number) => { const p = products.get(id); return p ? finalPriceCents(priceColumns(p), clock) : 0; };
    const chosen = new Set(item.bundleSelections.map((s) => s.selection_id));
    const scaled = bundlePrice({ final: unitPrice, regular: regularPrice }, [
      ...item.bundleSelections.map((s) => ({ price: price(s.product_id), qty: s.qty, isDefault: pieceDefaults.some((d) => d.selectionId === s.selection_id), chosen: true })),
      ...pieceDefaults.filter((d) => !chosen.has(d.selectionId)).map((d) => ({ price: price(d.productId), qty: d.qty, isDefault: true, chosen: false })),
    ]);
    unitPrice = scaled.final;
    regularPrice = scaled.regular;
  }
  return {
    item,
    product,
    child,
    manufacturer: product.manufacturer,
    selections: item.bundleSelections.map((s) => ({ ...s, sku: products.get(s.product_id)?.sku ?? "", name: products.get(s.product_id)?.name ?? "" })),
    unitPrice,
    regularPrice,
    programs: product.programs.map((p) => ({
      programId: p.programId, promoName: p.promoName, kind: promotionKind(p.linqType), amount: p.amount, afterCheckout: p.afterCheckout,
      start: new Date(p.start), end: new Date(p.end),
    })),
    fees: [...product.fees].sort((a, b) => a.title.localeCompare(b.title)),
  };
}

/**
 * The first moment after `now` at which these lines' totals may change by the clock alone: the
 * first sale window the prices read (`pricesChangeAt`, from loadCart), a programme's or the
 * coupon's dates. Cached answers end there.
 */
export function nextTimedChange(lines: readonly Line[], coupon: { startsAt: Date | null; endsAt: Date | null } | null, now: number,
  pricesChangeAt: number): number {
  const clock = new Clock(now);
  clock.next = pricesChangeAt;
  for (const l of lines) {
    for (const g of l.programs) {
      clock.watch(g.start);
      clock.watch(g.end);
    }
  }
  clock.watch(coupon?.startsAt);
  clock.watch(coupon?.endsAt);
  // a window bound is inclusive: the change shows just after it
  return clock.next + 1;
}

/** The default selections of the packages among the items, by package id (no query when there is none). */
type BundleDefault = { selectionId: number; productId: number; qty: number };

async function bundleDefaults(db: Db, items: readonly ItemRow[]): Promise<Map<number, BundleDefault[]>> {
  const out = new Map<number, BundleDefault[]>();
  const bundleIds = [...new Set(items.filter((i) => i.bundleSelections.length > 0).map((i) => i.productId))];
  if (bundleIds.length === 0) return out;
  const rows = await db.select({
    bundleId: schema.bundleOptions.bundleId, selectionId: schema.bundleSelections.selectionId, productId: schema.bundleSelections.productId, qty: schema.bundleSelections.qty,
  }).from(schema.bundleSelections)
    .innerJoin(schema.bundleOptions, eq(schema.bundleOptions.optionId, schema.bundleSelections.optionId))
    .where(and(inArray(schema.bundleOptions.bundleId, bundleIds), eq(schema.bundleSelections.isDefault, true)));
  for (const r of rows) out.set(r.bundleId, [...out.get(r.bundleId) ?? [], { selectionId: r.selectionId, productId: r.productId, qty: r.qty }]);
  return out;
}

export const totalsLines = (lines: readonly Line[]): TotalsLine[] =>
  lines.map((l) => ({ itemId: l.item.itemId, qty: l.item.qty, unitPrice: l.unitPrice, programs: l.programs, fees: l.fees }));

/** Store stock of the given products at each store. */
export async function storeStock(db: Db, productIds: number[]): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  if (productIds.length === 0) return out;
  const rows = await db.select().from(schema.inventory).where(inArray(schema.inventory.productId, productIds));
  for (const r of rows) {
    const m = out.get(r.locationId) ?? new Map<number, number>();
    m.set(r.productId, Math.max(0, r.qty));
    out.set(r.locationId, m);
  }
  return out;
}

/** A configurable product's enabled child matching every super attribute chosen; null when none does. */
export async function childFor(db: Db, parentId: number, chosen: Record<string, number>): Promise<ProductRow | null | "missing"> {
  const supers = await db.select().from(schema.productSuperAttributes).where(eq(schema.productSuperAttributes.productId, parentId));
  if (supers.length === 0) return null;
  if (supers.some((s) => chosen[String(s.attributeId)] === undefined)) return "missing";
  const conditions = supers.map((s) => sql`exists (select 1 from product_attribute_values v where v.product_id = ${schema.products.entityId}
    and v.attribute_id = ${s.attributeId} and v.option_id = ${chosen[String(s.attributeId)]!})`);
  const [child] = await db.select(CART_PRODUCT_COLUMNS).from(schema.products)
    .where(and(eq(schema.products.parentId, parentId), eq(schema.products.status, 1), ...conditions))
    .orderBy(schema.products.entityId).limit(1);
  return child ?? null;
}
