import { sql, type SQL } from "drizzle-orm";
import type { ProductListItem } from "@store/contract";
import type { Db } from "../db/client";
import { buildPrices, type Clock, type MoneyFormat, type PriceColumns } from "./money";

/**
 * The product columns a list item (tile, add-on, carousel, wishlist entry) is built from, for
 * raw queries over `products p`. Dates come as epoch milliseconds so both drivers agree.
 */
export const LIST_COLUMNS_TEXT = `p.entity_id as "id", p.sku as "sku", p.name as "name", p.url_key as "urlKey",
  p.type_id as "typeId", p.brand_id as "brandId", p.condition as "condition", p.image_url as "imageUrl",
  p.price as "price", p.special_price as "specialPrice",
  (extract(epoch from p.special_from_date) * 1000)::float8 as "specialFrom",
  (extract(epoch from p.special_to_date) * 1000)::float8 as "specialTo",
  p.msrp as "msrp", p.poa as "poa", p.display_add_to_cart as "displayAddToCart", p.qty as "qty",
  p.reviews_count as "reviewsCount", p.reviews_rating as "reviewsRating", p.parent_id as "parentId",
  p.outlet_of as "outletOf", p.position as "position", p.visibility as "visibility", p.status as "status"`;
export const LIST_COLUMNS: SQL = sql.raw(LIST_COLUMNS_TEXT);

export interface ListRow {
  id: number;
  sku: string;
  name: string;
  urlKey: string;
  typeId: string;
  brandId: number | null;
  condition: string;
  imageUrl: string;
  price: number;
  specialPrice: number | null;
  specialFrom: number | null;
  specialTo: number | null;
  msrp: number | null;
  poa: boolean;
  displayAddToCart: boolean;
  qty: number;
  reviewsCount: number;
  reviewsRating: number;
  parentId: number | null;
  outletOf: number | null;
  position: number;
  visibility: number;
  status: number;
}

export interface ListContext {
  fmt: MoneyFormat;
  clock: Clock;
  brandName(brandId: number | null): string;
}

const toDate = (ms: number | string | null): Date | null => (ms === null ? null : new Date(Number(ms)));

export function priceColumns(row: ListRow): PriceColumns {
  return {
    price: row.price,
    specialPrice: row.specialPrice,
    specialFromDate: toDate(row.specialFrom),
    specialToDate: toDate(row.specialTo),
    msrp: row.msrp,
    poa: row.poa,
    displayAddToCart: row.displayAddToCart,
  };
}

export function toListItem(row: ListRow, ctx: ListContext): ProductListItem {
  return {
    entity_id: String(row.id),
    sku: row.sku,
    name: row.name,
    url_key: row.urlKey,
    type_id: row.typeId,
    manufacturer: ctx.brandName(row.brandId),
    condition: row.condition,
    image_url: { normal: row.imageUrl, small: row.imageUrl },
    prices: buildPrices(priceColumns(row), ctx.fmt, ctx.clock),
    reviews_count: row.reviewsCount,
    reviews_rating: Number(row.reviewsRating),
    qty: row.qty,
    in_stock: row.qty > 0,
  };
}

/** Rows of a raw query, whichever driver ran it. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** PostgreSQL's text form of an int[] (one parameter however many ids). */
export const intArrayText = (ids: readonly number[]): string => `{${ids.map((n) => Math.trunc(n)).join(",")}}`;
/** A PostgreSQL array literal of integers as one parameter: `= any(${intArray(ids)})`. */
export const intArray = (ids: readonly number[]): SQL => sql`${intArrayText(ids)}::int[]`;
