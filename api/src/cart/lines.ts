import { and, eq, inArray, sql } from "drizzle-orm";
import { bundlePrice } from "@store/contract";
import { schema, type Db } from "../db/client";
import type { StoredSelection } from "../db/schema/cart";
import { Clock, finalPriceCents, type PriceColumns } from "../product/money";
import { promotionKind } from "../product/shape";
import type { TotalsLine, TotalsProgram } from "./totals";

export type ItemRow = typeof schema.cartItems.$inferSelect;
export type ProductRow = typeof schema.products.$inferSelect;

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
  const rows = await db.select().from(schema.products).where(inArray(schema.products.entityId, list));
  return new Map(rows.map((r) => [r.entityId, r]));
}

/** The cart's lines in the order they were added, with their catalogue data. */
export async function loadLines(db: Db, cartId: number | null, now: Date): Promise<Line[]> {
  if (cartId === null) return [];
  const items = await db.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cartId)).orderBy(schema.cartItems.itemId);
  if (items.length === 0) return [];
  const ids = new Set<number>();
  for (const i of items) {
    ids.add(i.productId);
    if (i.childId !== null) ids.add(i.childId);
    for (const s of i.bundleSelections) ids.add(s.product_id);
  }
  const defaults = await bundleDefaults(db, items);
  for (const list of defaults.values()) for (const d of list) ids.add(d.productId);
  const products = await productsById(db, ids);
  const brandIds = [...new Set([...products.values()].map((p) => p.brandId).filter((b): b is number => b !== null))];
  const brands = brandIds.length === 0 ? [] : await db.select().from(schema.brands).where(inArray(schema.brands.brandId, brandIds));
  const mainIds = [...new Set(items.map((i) => i.productId))];
  const programs = await db.select({
    productId: schema.productPromotions.productId, programId: schema.rebatePrograms.programId, promoName: schema.rebatePrograms.promoName,
    linqType: schema.rebatePrograms.linqType, amount: schema.rebatePrograms.amount, afterCheckout: schema.rebatePrograms.afterCheckout,
    start: schema.rebatePrograms.startDate, end: schema.rebatePrograms.endDate,
  }).from(schema.productPromotions)
    .innerJoin(schema.rebatePrograms, eq(schema.rebatePrograms.programId, schema.productPromotions.programId))
    .where(inArray(schema.productPromotions.productId, mainIds));
  const fees = await db.select().from(schema.productFees).where(inArray(schema.productFees.productId, mainIds));
  const clock = new Clock(now.getTime());

  return items.map((item) => {
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
      manufacturer: brands.find((b) => b.brandId === product.brandId)?.name ?? "",
      selections: item.bundleSelections.map((s) => ({ ...s, sku: products.get(s.product_id)?.sku ?? "", name: products.get(s.product_id)?.name ?? "" })),
      unitPrice,
      regularPrice,
      programs: programs.filter((p) => p.productId === item.productId).map((p) => ({
        programId: p.programId, promoName: p.promoName, kind: promotionKind(p.linqType), amount: p.amount, afterCheckout: p.afterCheckout, start: p.start, end: p.end,
      })),
      fees: fees.filter((f) => f.productId === item.productId).map((f) => ({ title: f.title, amount: f.amount })).sort((a, b) => a.title.localeCompare(b.title)),
    };
  });
}

/** The default selections of the packages among the items, by package id (no query when there is none). */
async function bundleDefaults(db: Db, items: readonly ItemRow[]): Promise<Map<number, Array<{ selectionId: number; productId: number; qty: number }>>> {
  const out = new Map<number, Array<{ selectionId: number; productId: number; qty: number }>>();
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
  const [child] = await db.select().from(schema.products)
    .where(and(eq(schema.products.parentId, parentId), eq(schema.products.status, 1), ...conditions))
    .orderBy(schema.products.entityId).limit(1);
  return child ?? null;
}
