import { sql, type SQL } from "drizzle-orm";
import { AVAILABILITY_ATTRIBUTE, IN_STOCK_VALUE } from "@store/contract";
import type { Db } from "../db/client";

/**
 * Straightforward SQL answers to listing questions, for tests to hold the in-memory engine
 * against: what a product "has" is its own attribute values plus, for a configurable, the values
 * its enabled children have on the attributes it varies on.
 */

export interface ReferenceFilter {
  attribute: string;
  in?: string[];
  /** dollars, inclusive */
  from?: number;
  to?: number;
}

const MEMBERSHIP = sql`
  SELECT v.product_id, v.option_id FROM product_attribute_values v
  UNION
  SELECT c.parent_id, v.option_id FROM products c
  JOIN product_super_attributes s ON s.product_id = c.parent_id
  JOIN product_attribute_values v ON v.product_id = c.entity_id AND v.attribute_id = s.attribute_id
  WHERE c.status = 1`;

/** In stock as tiles say: stock of its own, or a configurable with an enabled child in stock. */
const IN_STOCK = sql`(p.qty > 0 OR (p.type_id = 'configurable'
  AND EXISTS (SELECT 1 FROM products c WHERE c.parent_id = p.entity_id AND c.status = 1 AND c.qty > 0)))`;

function condition(f: ReferenceFilter): SQL {
  if (f.attribute === AVAILABILITY_ATTRIBUTE) return (f.in ?? []).includes(IN_STOCK_VALUE) ? IN_STOCK : sql`false`;
  if (f.attribute === "price") {
    const from = f.from === undefined ? 0 : Math.round(f.from * 100);
    const to = f.to === undefined ? 2_147_483_647 : Math.round(f.to * 100);
    return sql`p.final_price BETWEEN ${from} AND ${to}`;
  }
  const values = sql.join((f.in ?? []).map((v) => sql`${v}`), sql`, `);
  return sql`p.entity_id IN (SELECT m.product_id FROM membership m JOIN attribute_options o ON o.option_id = m.option_id
    JOIN attributes a ON a.attribute_id = o.attribute_id WHERE a.code = ${f.attribute} AND o.value IN (${values}))`;
}

function baseWhere(categoryId: number | null, filters: ReferenceFilter[], visibility: number[]): SQL {
  const parts: SQL[] = [sql`p.status = 1`, sql`p.visibility IN (${sql.join(visibility.map((v) => sql`${v}`), sql`, `)})`];
  if (categoryId !== null) parts.push(sql`EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.entity_id AND pc.category_id = ${categoryId})`);
  for (const f of filters) parts.push(condition(f));
  return sql.join(parts, sql` AND `);
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Products in the category (null = whole catalogue) passing every filter. */
export async function referenceCount(db: Db, categoryId: number | null, filters: ReferenceFilter[], visibility = [2, 4]): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`WITH membership AS (${MEMBERSHIP})
    SELECT count(*)::int AS n FROM products p WHERE ${baseWhere(categoryId, filters, visibility)}`);
  return row!.n;
}

/** Ids of one page ordered by price (ties by position, then id). */
export async function referencePageByPrice(
  db: Db, categoryId: number | null, filters: ReferenceFilter[], dir: "asc" | "desc", limit: number, offset: number,
): Promise<number[]> {
  const order = dir === "asc" ? sql`p.final_price ASC, p.position ASC, p.entity_id ASC` : sql`p.final_price DESC, p.position DESC, p.entity_id DESC`;
  const list = await rows<{ id: number }>(db, sql`WITH membership AS (${MEMBERSHIP})
    SELECT p.entity_id AS id FROM products p WHERE ${baseWhere(categoryId, filters, [2, 4])}
    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`);
  return list.map((r) => r.id);
}

/**
 * Facet counts of one attribute the disjunctive way: every filter except the attribute's own
 * applies. Only values with at least one product.
 */
export async function referenceFacet(db: Db, categoryId: number | null, filters: ReferenceFilter[], attribute: string): Promise<Record<string, number>> {
  const others = filters.filter((f) => f.attribute !== attribute);
  if (attribute === AVAILABILITY_ATTRIBUTE) {
    const n = await referenceCount(db, categoryId, [...others, { attribute: AVAILABILITY_ATTRIBUTE, in: [IN_STOCK_VALUE] }]);
    return n > 0 ? { [IN_STOCK_VALUE]: n } : {};
  }
  const list = await rows<{ value: string; n: number }>(db, sql`WITH membership AS (${MEMBERSHIP})
    SELECT o.value, count(DISTINCT p.entity_id)::int AS n
    FROM products p JOIN membership m ON m.product_id = p.entity_id
    JOIN attribute_options o ON o.option_id = m.option_id JOIN attributes a ON a.attribute_id = o.attribute_id
    WHERE a.code = ${attribute} AND ${baseWhere(categoryId, others, [2, 4])}
    GROUP BY o.value`);
  return Object.fromEntries(list.map((r) => [r.value, r.n]));
}

/** Lowest and highest final price (dollars) under every filter but the price filter. */
export async function referencePriceRange(db: Db, categoryId: number | null, filters: ReferenceFilter[]): Promise<{ min: number; max: number } | null> {
  const others = filters.filter((f) => f.attribute !== "price");
  const [row] = await rows<{ min: number | null; max: number | null }>(db, sql`WITH membership AS (${MEMBERSHIP})
    SELECT min(p.final_price)::int AS min, max(p.final_price)::int AS max FROM products p WHERE ${baseWhere(categoryId, others, [2, 4])}`);
  return row?.min === null || row?.min === undefined ? null : { min: row.min / 100, max: row.max! / 100 };
}

/** The query string of a listing request with these filters. */
export function filterQuery(filters: ReferenceFilter[]): string {
  const parts: string[] = [];
  filters.forEach((f, i) => {
    parts.push(`filter[${i}][attribute]=${encodeURIComponent(f.attribute)}`);
    if (f.in) parts.push(`filter[${i}][in]=${encodeURIComponent(f.in.join(","))}`);
    if (f.from !== undefined) parts.push(`filter[${i}][from]=${f.from}`);
    if (f.to !== undefined) parts.push(`filter[${i}][to]=${f.to}`);
  });
  return parts.join("&");
}
