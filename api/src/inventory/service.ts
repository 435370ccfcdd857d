import { sql } from "drizzle-orm";
import { INVENTORY_CONFIGURABLE, LAT_LONG_TOGETHER, STORE_NOT_FOUND, type InventoryAnswer, type LocationStock } from "@store/contract";
import { schema, type Db } from "../db/client";
import { badRequest, notFound } from "../http/errors";
import { intArray, rowsOf } from "../product/list-item";
import type { ProductService } from "../product/service";
import { referencePoint, sortStores, toStoreLocation } from "../locations/stores";

export interface InventoryQuery {
  zip?: string;
  lat?: number;
  long?: number;
  storelocationid?: number;
}

/**
 * Store stock of one product (GET /products/{id}/inventory). Never for a configurable product:
 * stock belongs to the option the shopper picks. A bundle has as many sets in a store as its
 * default selections allow. `store_list` is always an array: every store nearest first (by name
 * without a reference point), or just the store asked for with storelocationid.
 */
export class InventoryService {
  constructor(private readonly db: Db, private readonly products: ProductService) {}

  async forProduct(key: string, query: InventoryQuery): Promise<InventoryAnswer> {
    if ((query.lat === undefined) !== (query.long === undefined)) throw badRequest(LAT_LONG_TOGETHER);
    const product = await this.products.resolveId(key);
    if (product.typeId === "configurable") throw badRequest(INVENTORY_CONFIGURABLE);
    const from = query.storelocationid === undefined ? await referencePoint(this.db, query) : null;

    const stores = await this.db.select().from(schema.storeLocations)
      .where(query.storelocationid === undefined ? undefined : sql`${schema.storeLocations.locationId} = ${query.storelocationid}`);
    if (query.storelocationid !== undefined && stores.length === 0) throw notFound(STORE_NOT_FOUND);

    const qty = await this.stock(product.id, product.typeId, stores.map((s) => s.locationId));
    const list: LocationStock[] = stores.map((s) => {
      const q = qty.get(s.locationId) ?? 0;
      return { ...toStoreLocation(s, from), qty: q, in_stock: q > 0 };
    });
    return { product_id: String(product.id), store_list: sortStores(list) };
  }

  /** Quantity per store. */
  private async stock(productId: number, typeId: string, storeIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (storeIds.length === 0) return out;
    if (typeId === "bundle") {
      const parts = await rowsOf<{ productId: number; qty: number }>(this.db, sql`
        select bs.product_id as "productId", max(bs.qty)::int as "qty"
        from bundle_options bo join bundle_selections bs on bs.option_id = bo.option_id
        where bo.bundle_id = ${productId} and bo.required and bs.is_default group by bs.product_id`);
      if (parts.length > 0) {
        const rows = await rowsOf<{ productId: number; locationId: number; qty: number }>(this.db, sql`
          select i.product_id as "productId", i.location_id as "locationId", i.qty as "qty" from inventory i
          where i.product_id = any(${intArray(parts.map((p) => p.productId))}) and i.location_id = any(${intArray(storeIds)})`);
        for (const store of storeIds) {
          const sets = parts.map((part) => {
            const have = rows.find((r) => r.locationId === store && r.productId === part.productId)?.qty ?? 0;
            return Math.floor(Math.max(0, have) / Math.max(1, part.qty));
          });
          out.set(store, Math.min(...sets));
        }
        return out;
      }
    }
    const rows = await rowsOf<{ locationId: number; qty: number }>(this.db, sql`
      select i.location_id as "locationId", i.qty as "qty" from inventory i
      where i.product_id = ${productId} and i.location_id = any(${intArray(storeIds)})`);
    for (const r of rows) out.set(r.locationId, Math.max(0, r.qty));
    return out;
  }
}
