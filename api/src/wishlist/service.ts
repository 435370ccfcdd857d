import { and, eq, sql } from "drizzle-orm";
import { PRODUCT_NOT_FOUND, type WishlistAnswer } from "@store/contract";
import { schema, type Db } from "../db/client";
import { notFound } from "../http/errors";
import { LIST_COLUMNS, rowsOf, toListItem, type ListContext, type ListRow } from "../product/list-item";

/**
 * A signed-in customer's wishlist, kept on the server (guests keep theirs in the browser).
 * Every call is scoped to the customer id of the session, so nobody reaches another's list.
 */
export class WishlistService {
  constructor(private readonly db: Db) {}

  async items(customerId: number, ctx: ListContext): Promise<WishlistAnswer> {
    const rows = await rowsOf<ListRow & { addedAt: number }>(this.db, sql`
      select ${LIST_COLUMNS}, (extract(epoch from w.added_at) * 1000)::float8 as "addedAt"
      from wishlist_items w join products p on p.entity_id = w.product_id
      where w.customer_id = ${customerId} and p.status = 1
      order by w.added_at desc, p.entity_id desc`);
    return {
      items: rows.map((r) => ({ product_id: String(r.id), added_at: new Date(Number(r.addedAt)).toISOString(), product: toListItem(r, ctx) })),
    };
  }

  /** Adding what is already there changes nothing. */
  async add(customerId: number, productId: number, ctx: ListContext): Promise<WishlistAnswer> {
    const [product] = await this.db.select({ id: schema.products.entityId }).from(schema.products)
      .where(and(eq(schema.products.entityId, productId), eq(schema.products.status, 1)));
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    await this.db.insert(schema.wishlistItems).values({ customerId, productId }).onConflictDoNothing();
    return this.items(customerId, ctx);
  }

  /** Removing what is not there changes nothing. */
  async remove(customerId: number, productId: number, ctx: ListContext): Promise<WishlistAnswer> {
    await this.db.delete(schema.wishlistItems)
      .where(and(eq(schema.wishlistItems.customerId, customerId), eq(schema.wishlistItems.productId, productId)));
    return this.items(customerId, ctx);
  }
}
