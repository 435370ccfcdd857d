"use client";

import type { WishlistAnswer } from "@store/contract";
import { clientGet, clientPost } from "@/lib/client-api";
import { parseWishlist, WISHLIST_STORAGE_KEY } from "@/wishlist/storage";
import { wishlistLoaded } from "@/wishlist/state";

/**
 * Window event asking whatever shows the cart (header count, mini cart, cart page) to fetch it
 * again: sent after sign-in, sign-up and sign-out, when the session's cart changed under them.
 */
export const CART_REFRESH_EVENT = "cart:refresh";

export function refreshCart(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(CART_REFRESH_EVENT));
}

type Dispatch = (action: ReturnType<typeof wishlistLoaded>) => unknown;

/**
 * A guest's wishlist lives in the browser; once signed in it is the server's. The guest's
 * products are added to the server list (spec 002 §4), the browser list is emptied, and the
 * wishlist state takes the merged list.
 */
export async function mergeLocalWishlist(dispatch: Dispatch): Promise<void> {
  let local: ReturnType<typeof parseWishlist> = [];
  try {
    local = parseWishlist(window.localStorage.getItem(WISHLIST_STORAGE_KEY));
  } catch {
    return;
  }
  try {
    let answer: WishlistAnswer | null = null;
    for (const entry of local) {
      const id = Number(entry.product_id);
      if (Number.isInteger(id) && id > 0) answer = await clientPost<WishlistAnswer>("/customer/wishlist/items", { product_id: id }).catch(() => answer);
    }
    answer ??= await clientGet<WishlistAnswer>("/customer/wishlist/items");
    window.localStorage.removeItem(WISHLIST_STORAGE_KEY);
    dispatch(wishlistLoaded({ items: answer.items.map((item) => ({ product_id: item.product_id, product: item.product })), signedIn: true }));
  } catch {
    // the list stays in the browser; the next sign-in tries again
  }
}
