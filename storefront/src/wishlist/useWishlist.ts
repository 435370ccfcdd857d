"use client";

import { useCallback, useEffect } from "react";
import { useStore } from "react-redux";
import type { ProductDetail, WishlistAnswer } from "@store/contract";
import { clientDelete, clientGet, clientPost, getSession, clientPathParam } from "@/lib/client-api";
import { useAppDispatch, useAppSelector, type AppStore } from "@/lib/store";
import { inOwnTask } from "@/lib/ownTask";
import { parseWishlist, toListItem, WISHLIST_STORAGE_KEY, type WishlistEntry } from "./storage";
import { wishlistError, wishlistFailed, wishlistItemsSet, wishlistLoaded, wishlistLoading, wishlistPending } from "./state";

const fromServer = (answer: WishlistAnswer): WishlistEntry[] =>
  answer.items.map((item) => ({ product_id: item.product_id, product: item.product }));

function readLocal(): WishlistEntry[] {
  try {
    return parseWishlist(window.localStorage.getItem(WISHLIST_STORAGE_KEY));
  } catch {
    return [];
  }
}

function writeLocal(items: WishlistEntry[]) {
  try {
    window.localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // storage full or blocked: the list still works for this page view
  }
}

async function load(store: AppStore) {
  store.dispatch(wishlistLoading());
  try {
    const session = await getSession();
    if (session?.isloggedin) {
      const answer = await clientGet<WishlistAnswer>("/customer/wishlist/items");
      store.dispatch(wishlistLoaded({ items: fromServer(answer), signedIn: true }));
    } else {
      store.dispatch(wishlistLoaded({ items: readLocal(), signedIn: false }));
    }
  } catch (error) {
    store.dispatch(wishlistFailed(error instanceof Error ? error.message : String(error)));
    store.dispatch(wishlistLoaded({ items: readLocal(), signedIn: false }));
  }
}

/** Loads the wishlist once per page (the first part that asks), and follows a guest's list changed in another tab. */
function useWishlistLoaded(store: AppStore) {
  useEffect(() => {
    const cancel = inOwnTask(() => {
      if (store.getState().wishlist.status === "idle") void load(store);
    });
    // another tab changed a guest's list
    const onStorage = (event: StorageEvent) => {
      if (event.key === WISHLIST_STORAGE_KEY && store.getState().wishlist.signedIn === false) {
        store.dispatch(wishlistItemsSet(parseWishlist(event.newValue)));
      }
    };
    window.addEventListener("storage", onStorage);
    return () => {
      cancel();
      window.removeEventListener("storage", onStorage);
    };
  }, [store]);
}

/**
 * The wishlist for any component: loads once per page (server list when signed in, the browser's
 * list for guests) and adds or removes a product the same way.
 */
export function useWishlist() {
  const store = useStore() as AppStore;
  const items = useAppSelector((state) => state.wishlist.items);
  const status = useAppSelector((state) => state.wishlist.status);
  const pending = useAppSelector((state) => state.wishlist.pending);
  const error = useAppSelector((state) => state.wishlist.error);
  const signedIn = useAppSelector((state) => state.wishlist.signedIn);
  useWishlistLoaded(store);
  return { items, status, pending, error, signedIn, setListed: useSetListed(store) };
}

/**
 * One product's place in the wishlist, for its toggle: whether it is listed and busy, read as two
 * flags, so a tile's button is drawn again only when its own product's entry changes (not when
 * the list loads or another product is added).
 */
export function useWishlistEntry(productId: string) {
  const store = useStore() as AppStore;
  const listed = useAppSelector((state) => state.wishlist.items.some((item) => item.product_id === productId));
  const busy = useAppSelector((state) => state.wishlist.pending.includes(productId));
  useWishlistLoaded(store);
  return { listed, busy, setListed: useSetListed(store) };
}

/** Adds a product to or removes it from the wishlist (loading it first when it has not loaded). */
function useSetListed(store: AppStore) {
  const dispatch = useAppDispatch();
  return useCallback(async (productId: string, listed: boolean) => {
    if (!productId) return;
    if (store.getState().wishlist.status !== "fulfilled") await load(store);
    const state = store.getState().wishlist;
    if (state.pending.includes(productId)) return;
    dispatch(wishlistPending({ id: productId, busy: true }));
    try {
      if (state.signedIn) {
        const call = listed ? clientPost : clientDelete;
        const answer = await call<WishlistAnswer>("/customer/wishlist/items", { product_id: Number(productId) });
        dispatch(wishlistItemsSet(fromServer(answer)));
      } else if (listed) {
        // guests keep the product data with the id, so the wishlist page needs no further calls
        const product = await clientGet<ProductDetail>(`/products/${clientPathParam(productId)}`);
        const current = store.getState().wishlist.items.filter((item) => item.product_id !== productId);
        const next = [{ product_id: productId, product: toListItem(product) }, ...current];
        writeLocal(next);
        dispatch(wishlistItemsSet(next));
      } else {
        const next = store.getState().wishlist.items.filter((item) => item.product_id !== productId);
        writeLocal(next);
        dispatch(wishlistItemsSet(next));
      }
    } catch (error) {
      dispatch(wishlistError(error instanceof Error ? error.message : String(error)));
    } finally {
      dispatch(wishlistPending({ id: productId, busy: false }));
    }
  }, [dispatch, store]);
}
