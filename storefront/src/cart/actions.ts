"use client";

import type { CartAnswer } from "@store/contract";
import { ClientApiError, clientDelete, clientGet, clientPost, clientPut } from "@/lib/client-api";
import type { AppDispatch } from "@/lib/store";
import {
  ADD_TO_CART_ERROR, CART_INFO_ERROR, COUPON_ERROR, EMAIL_CART_ERROR, INVALID_ADDON, INVALID_ADDON_REMOVAL, CART_UNKNOWN_ERROR,
} from "./messages";
import { notificationShown, operationFailed, operationStarted, operationSucceeded, type CartOperation } from "./state";

/**
 * The cart's calls (spec 001 §7), each wrapped in its operation's status (§4). Server errors are
 * read from messages.error (the client's error carries the first); an answer without one shows
 * the spec's fallback text for that operation. The checkout's own calls are in checkoutActions.ts,
 * so the pages that only add to the cart do not carry the card and order rules.
 */
export const FULL_EMBED = "totals,items,shipping_methods,payment_methods,billing_address,shipping_address,payment";

/** The api's own message for a refused call; a missing route (404), a server fault or no answer gets the spec's text. */
export const serverText = (error: unknown, fallback: string) =>
  error instanceof ClientApiError && error.status >= 400 && error.status < 500 && error.status !== 404 && !error.message.startsWith("HTTP ") ? error.message : fallback;

export async function run<T>(dispatch: AppDispatch, op: CartOperation, call: () => Promise<T>, fallback: string, toCart?: (answer: T) => Partial<CartAnswer> | undefined): Promise<T | null> {
  dispatch(operationStarted(op));
  try {
    const answer = await call();
    dispatch(operationSucceeded({ op, cart: toCart ? toCart(answer) : (answer as Partial<CartAnswer>) }));
    return answer;
  } catch (error) {
    dispatch(operationFailed({ op, message: serverText(error, fallback) }));
    return null;
  }
}

export const fetchCart = (dispatch: AppDispatch) =>
  run(dispatch, "fetch_info", () => clientGet<CartAnswer>(`/cart?embed=${FULL_EMBED}`), CART_INFO_ERROR);

export interface AddLine { product_id: number; qty?: number; super_attribute?: Record<string, number>; bundle_option?: Record<string, number | number[]>; crosssell_parent_id?: number }

/** Add a product with its add-ons (a main product goes before its add-ons); the notification names what was added. */
export async function addToCart(dispatch: AppDispatch, lines: AddLine[], names: string[]): Promise<boolean> {
  const answer = await run(dispatch, "add_cart_products", () => clientPost<CartAnswer>("/cart/items", lines.length === 1 ? lines[0] : { items: lines }), ADD_TO_CART_ERROR);
  if (!answer) return false;
  dispatch(notificationShown(names));
  await fetchCart(dispatch);
  return true;
}

export async function addAddon(dispatch: AppDispatch, addonId: number | null, mainProductId: number | null) {
  if (!addonId || !mainProductId) {
    dispatch(operationFailed({ op: "add_addon", message: INVALID_ADDON }));
    return;
  }
  if (await run(dispatch, "add_addon", () => clientPost<CartAnswer>("/cart/items", { product_id: addonId, qty: 1, crosssell_parent_id: mainProductId }), CART_UNKNOWN_ERROR)) await fetchCart(dispatch);
}

export async function removeAddon(dispatch: AppDispatch, itemId: number | null, mainProductId: number | null) {
  if (!itemId || !mainProductId) {
    dispatch(operationFailed({ op: "remove_addon", message: INVALID_ADDON_REMOVAL }));
    return;
  }
  if (await run(dispatch, "remove_addon", () => clientDelete<CartAnswer>(`/cart/items/${itemId}?crosssell_parent_id=${mainProductId}`), CART_UNKNOWN_ERROR)) await fetchCart(dispatch);
}

export async function removeProduct(dispatch: AppDispatch, itemId: number) {
  if (await run(dispatch, "remove_product", () => clientDelete<CartAnswer>(`/cart/items/${itemId}`), CART_UNKNOWN_ERROR)) await fetchCart(dispatch);
}

export async function updateQty(dispatch: AppDispatch, itemId: number, qty: number) {
  if (await run(dispatch, "update_product_qty", () => clientPut<CartAnswer>(`/cart/items/${itemId}`, { qty }), CART_UNKNOWN_ERROR)) await fetchCart(dispatch);
}

/** A coupon the api does not take comes back in info.coupon_error: that is a failure of the operation too. */
export async function applyCoupon(dispatch: AppDispatch, code: string | null) {
  dispatch(operationStarted("add_coupon_code"));
  try {
    const answer = await clientPut<CartAnswer>("/cart", { coupon_code: code });
    if (code && answer.info.coupon_error) {
      dispatch(operationFailed({ op: "add_coupon_code", message: answer.info.coupon_error }));
      return;
    }
    dispatch(operationSucceeded({ op: "add_coupon_code", cart: answer }));
    await fetchCart(dispatch);
  } catch (error) {
    dispatch(operationFailed({ op: "add_coupon_code", message: serverText(error, COUPON_ERROR) }));
  }
}

export async function sendCartEmail(dispatch: AppDispatch, payload: { to: string; message?: string }) {
  await run(dispatch, "send_email", () => clientPost<unknown>("/cart/email", payload), EMAIL_CART_ERROR, () => undefined);
}
