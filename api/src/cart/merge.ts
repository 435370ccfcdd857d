import { asc, eq, inArray, sql } from "drizzle-orm";
import { schema, type Db } from "../db/client";
import type { StoredAddress } from "../db/schema/cart";
import { productsById, stockNeeds, type ItemRow } from "./lines";

type CartRow = typeof schema.carts.$inferSelect;

const sameLine = (a: ItemRow, b: ItemRow) =>
  a.productId === b.productId && a.childId === b.childId
  && JSON.stringify(a.bundleSelections.map((s) => s.selection_id)) === JSON.stringify(b.bundleSelections.map((s) => s.selection_id));

const isEmpty = (address: StoredAddress) => Object.keys(address).length === 0;

/**
 * Moves a guest's cart into the customer's when the guest signs in or signs up (the guest session,
 * and with it the guest cart, is about to go). Lines of the same product and options add up, capped
 * at the stock each unit needs; add-on links are kept; addresses, email and coupon come from the
 * guest cart where the customer's has none. One transaction, both carts locked in cart_id order, so
 * a concurrent change to either waits for the merge rather than being lost.
 */
export async function mergeGuestCart(db: Db, guestSessionId: string, customerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [guestRef] = await tx.select({ cartId: schema.carts.cartId }).from(schema.carts).where(eq(schema.carts.sessionId, guestSessionId));
    if (!guestRef) return;
    await tx.insert(schema.carts).values({ customerId }).onConflictDoNothing({ target: schema.carts.customerId });
    const [mineRef] = await tx.select({ cartId: schema.carts.cartId }).from(schema.carts).where(eq(schema.carts.customerId, customerId));
    const locked = await tx.select().from(schema.carts)
      .where(inArray(schema.carts.cartId, [guestRef.cartId, mineRef!.cartId])).orderBy(asc(schema.carts.cartId)).for("update");
    const guest = locked.find((c) => c.cartId === guestRef.cartId);
    const mine = locked.find((c) => c.cartId === mineRef!.cartId);
    if (!guest || !mine || guest.sessionId !== guestSessionId) return; // merged or cleared meanwhile

    const guestItems = await tx.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, guest.cartId)).orderBy(asc(schema.cartItems.itemId));
    const myItems = await tx.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, mine.cartId)).orderBy(asc(schema.cartItems.itemId));
    const stock = await productsById(tx, stockNeeds([...guestItems, ...myItems]).keys());
    for (const item of guestItems) {
      const same = myItems.find((m) => sameLine(m, item));
      if (!same) {
        await tx.update(schema.cartItems).set({ cartId: mine.cartId }).where(eq(schema.cartItems.itemId, item.itemId));
        continue;
      }
      // the most units of this line the stock allows (each unit takes its child or bundle parts)
      const perUnit = stockNeeds([{ ...item, qty: 1 }]);
      const cap = Math.min(...[...perUnit].map(([id, n]) => Math.floor(Math.max(0, stock.get(id)?.qty ?? 0) / n)));
      const qty = Math.max(same.qty, Math.min(same.qty + item.qty, cap));
      const parents = [...new Set([...same.crosssellParentIds, ...item.crosssellParentIds])];
      await tx.update(schema.cartItems).set({ qty, crosssellParentIds: parents }).where(eq(schema.cartItems.itemId, same.itemId));
    }

    const takeShipping = isEmpty(mine.shippingAddress) && !mine.sameAsBilling;
    await tx.update(schema.carts).set({
      ...(takeShipping ? { shippingAddress: guest.shippingAddress, sameAsBilling: guest.sameAsBilling } : {}),
      ...(isEmpty(mine.billingAddress) ? { billingAddress: guest.billingAddress } : {}),
      ...(mine.email ? {} : { email: guest.email }),
      ...(mine.couponCode ? {} : { couponCode: guest.couponCode }),
      ...(guestItems.length > 0 ? { payment: null } : {}), // the lines changed: choose the payment again
      version: sql`${schema.carts.version} + 1`,
      updatedAt: sql`now()`,
    }).where(eq(schema.carts.cartId, mine.cartId));
    await tx.delete(schema.carts).where(eq(schema.carts.cartId, guest.cartId));
  });
}
