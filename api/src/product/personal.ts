import { sql, type SQL } from "drizzle-orm";
import type { PersonalProducts } from "@store/contract";
import type { Db } from "../db/client";
import { intArray, LIST_COLUMNS, rowsOf, toListItem, type ListContext, type ListRow } from "./list-item";

export interface PersonalQuery {
  location?: string;
  product_type?: string;
  sku?: string;
  collection_name?: string;
  display_linq_related_products?: string;
  limit: number;
}

const truthy = (v: string | undefined) => v !== undefined && ["1", "true", "yes", "on"].includes(v.trim().toLowerCase());
const slug = (s: string) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** Products a shopper can open and buy on their own: enabled, listed in the catalogue, not open-box. */
const SHOPPABLE = sql.raw("p.status = 1 and p.visibility in (2, 4) and p.outlet_of is null");

/**
 * GET /personal/products: a short list for "you may also like" slots. Rules, first that yields
 * anything wins:
 *   1. sku with display_linq_related_products set: other products in the sku's running promotions;
 *   2. sku: its related products, then its upsells, then its add-ons (link position order);
 *   3. collection_name: the best rated products of the category with that name or url key;
 *   4. product_type: likewise for the product type's category;
 *   5. the best rated products of the whole catalogue.
 * Best rated is rating, then review count. With `location` (a store id or google code) products
 * in stock at that store come first. The sku itself is never in its own list.
 */
export class PersonalProductsService {
  constructor(private readonly db: Db) {}

  async list(query: PersonalQuery, ctx: ListContext): Promise<PersonalProducts> {
    const storeId = query.location ? await this.storeId(query.location) : null;
    const inStoreFirst = storeId === null
      ? sql``
      : sql`(exists (select 1 from inventory i where i.product_id = p.entity_id and i.location_id = ${storeId} and i.qty > 0)) desc, `;
    const run = async (where: SQL, order: SQL) => {
      const rows = await rowsOf<ListRow>(this.db, sql`select ${LIST_COLUMNS} from products p where ${SHOPPABLE} and ${where}
        order by ${inStoreFirst}${order} limit ${query.limit}`);
      return rows.map((r) => toListItem(r, ctx));
    };
    const bestRated = sql.raw("p.reviews_rating desc, p.reviews_count desc, p.entity_id asc");

    const sku = query.sku?.trim();
    const [base] = sku ? await rowsOf<{ id: number }>(this.db, sql`select p.entity_id as "id" from products p where p.sku = ${sku} and p.status = 1`) : [];
    const exclude = intArray(base ? [base.id] : []);
    if (base) {
      if (truthy(query.display_linq_related_products)) {
        const products = await run(sql`p.entity_id <> all(${exclude}) and p.entity_id in (
            select pp2.product_id from product_promotions pp join product_promotions pp2 on pp2.program_id = pp.program_id
            join rebate_programs r on r.program_id = pp.program_id
            where pp.product_id = ${base.id} and r.start_date <= now() and r.end_date >= now())`, bestRated);
        if (products.length > 0) return { source: "promotion", products };
      }
      const products = await run(
        sql`p.entity_id <> all(${exclude}) and exists (select 1 from product_links l where l.product_id = ${base.id} and l.linked_product_id = p.entity_id)`,
        sql`(select min(case l.link_type when 'related' then 0 when 'upsell' then 1 else 2 end * 10000 + l.position)
              from product_links l where l.product_id = ${base.id} and l.linked_product_id = p.entity_id), p.entity_id`,
      );
      if (products.length > 0) return { source: "related", products };
    }
    for (const [source, name] of [["collection", query.collection_name], ["product_type", query.product_type]] as const) {
      if (!name?.trim()) continue;
      const [category] = await rowsOf<{ id: number; path: string }>(this.db, sql`
        select c.entity_id as "id", c.path as "path" from categories c
        where c.url_key = ${slug(name)} or lower(c.name) = ${name.trim().toLowerCase()} order by c.level desc limit 1`);
      if (!category) continue;
      const products = await run(sql`p.entity_id <> all(${exclude}) and exists (select 1 from product_categories pc
          join categories c on c.entity_id = pc.category_id
          where pc.product_id = p.entity_id and (c.entity_id = ${category.id} or c.path like ${`${category.path}/%`}))`, bestRated);
      if (products.length > 0) return { source, products };
    }
    return { source: "top_rated", products: await run(sql`p.entity_id <> all(${exclude})`, bestRated) };
  }

  private async storeId(location: string): Promise<number | null> {
    const value = location.trim();
    const [row] = await rowsOf<{ id: number }>(this.db, sql`select s.location_id as "id" from store_locations s
      where s.google_code = ${value} or s.location_id = ${/^\d{1,9}$/.test(value) ? Number(value) : -1} limit 1`);
    return row?.id ?? null;
  }
}
