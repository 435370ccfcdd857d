"use client";

import type { CartAddressAnswer, CartAddressBody, CartAnswer, CartPaymentAnswer, CartPaymentBody, CartShippingAnswer, PlaceOrderAnswer } from "@store/contract";

export interface CartPackageAiAnswer { booking_url: string; delivery_dates: string[] }
import { ClientApiError, clientDelete, clientGet, clientPost, clientPut, getSession } from "@/lib/client-api";
import type { AppDispatch } from "@/lib/store";
import {
  ADD_TO_CART_ERROR, CART_INFO_ERROR, COUPON_ERROR, EMAIL_CART_ERROR, INVALID_ADDON, INVALID_ADDON_REMOVAL, PAYMENT_UNKNOWN_ERROR, CART_UNKNOWN_ERROR,
} from "./messages";
import { afterPlaceOrder, placeOrderErrorTexts, shouldSaveEmail } from "./rules";
import {
  notificationShown, operationFailed, operationStarted, operationSucceeded, packageDeliveryBooked, packageDeliveryStarted, placeOrderFailed,
  placeOrderSucceeded, type CartOperation, type PlacedOrder,
} from "./state";

/**
 * The cart's calls (spec 001 §7), each wrapped in its operation's status (§4). Server errors are
 * read from messages.error (the client's error carries the first); an answer without one shows
 * the spec's fallback text for that operation.
 */
export const FULL_EMBED = "totals,items,shipping_methods,payment_methods,billing_address,shipping_address,payment";

/** The api's own message for a refused call; a missing route (404), a server fault or no answer gets the spec's text. */
const serverText = (error: unknown, fallback: string) =>
  error instanceof ClientApiError && error.status >= 400 && error.status < 500 && error.status !== 404 && !error.message.startsWith("HTTP ") ? error.message : fallback;

async function run<T>(dispatch: AppDispatch, op: CartOperation, call: () => Promise<T>, fallback: string, toCart?: (answer: T) => Partial<CartAnswer> | undefined): Promise<T | null> {
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

export async function updateEmail(dispatch: AppDispatch, email: string) {
  if (!shouldSaveEmail(email)) return;
  await run(dispatch, "update_email", () => clientPut<CartAnswer>("/cart", { email: email.trim() }), CART_UNKNOWN_ERROR);
}

export async function updateSalesAssistance(dispatch: AppDispatch, value: string) {
  await run(dispatch, "update_sales_assistance_field", () => clientPut<CartAnswer>("/cart", { sales_assistance: value || null }), CART_UNKNOWN_ERROR);
}

/** An address update; refused (validation_errors) counts as a failure with the first problem shown. */
export async function updateAddress(dispatch: AppDispatch, type: "billing" | "shipping", body: CartAddressBody, op?: CartOperation): Promise<CartAddressAnswer | null> {
  const operation = op ?? (type === "billing" ? "update_billing_address" : "update_shipping_address");
  dispatch(operationStarted(operation));
  try {
    const answer = await clientPut<CartAddressAnswer>(`/cart/${type}_address`, body);
    if (answer.validation_errors.length > 0) {
      dispatch(operationFailed({ op: operation, message: answer.validation_errors.map((e) => e.message).join(" ") }));
      await fetchCart(dispatch);
      return answer;
    }
    dispatch(operationSucceeded({ op: operation }));
    await fetchCart(dispatch);
    return answer;
  } catch (error) {
    dispatch(operationFailed({ op: operation, message: serverText(error, CART_UNKNOWN_ERROR) }));
    return null;
  }
}

export async function setShippingMethod(dispatch: AppDispatch, method: string, data?: { location_id?: number; delivery_date?: string }) {
  const answer = await run(dispatch, "update_shipping_method", () => clientPut<CartShippingAnswer>("/cart/shipping", { method, ...(data ? { data } : {}) }), CART_UNKNOWN_ERROR);
  if (!answer) return null;
  // §4 package delivery: a package_ai method clears its delivery texts and may open the booking
  if (method.includes("package_ai")) {
    if (answer.data.delivery_date) {
      dispatch(packageDeliveryBooked({ date: answer.data.delivery_date, message: answer.data.delivery_message ?? null, title: answer.data.delivery_title ?? null }));
    } else {
      try {
        const info = await clientPut<CartPackageAiAnswer>("/cart/packageai/checkoutinfo", { shipping_method: method });
        dispatch(packageDeliveryStarted({ method, bookingUrl: info.booking_url }));
        return info;
      } catch {
        dispatch(packageDeliveryStarted({ method, bookingUrl: null }));
      }
    }
  }
  await fetchCart(dispatch);
  return null;
}

/** PUT /cart/payment {method, data}; the card form's checks ran before this. Answers the failure's text, null when saved. */
export async function savePayment(dispatch: AppDispatch, method: string, data: Record<string, unknown>, op: CartOperation = "set_payment_method"): Promise<string | null> {
  dispatch(operationStarted(op));
  try {
    const body: CartPaymentBody = { method, data };
    await clientPut<CartPaymentAnswer>("/cart/payment", body);
    dispatch(operationSucceeded({ op }));
    return null;
  } catch (error) {
    const message = serverText(error, PAYMENT_UNKNOWN_ERROR);
    dispatch(operationFailed({ op, message }));
    return message;
  }
}

/** the contract's answer, or an error body (messages.error, and an errors map from older apis) */
type PlaceAnswer = Partial<PlaceOrderAnswer> & { errors?: unknown };
export const LAST_ORDER_KEY = "last-order";

/** POST /cart/place; answers where to go next (§4 "Placing an order"), or null when it failed. */
export async function placeOrder(dispatch: AppDispatch, method: string, data: Record<string, unknown>, recaptcha: string | null, paymentTitle?: string) {
  dispatch(operationStarted("place_order"));
  let response: Response;
  try {
    response = await placeRequest({ method, data, "g-recaptcha-response": recaptcha ?? "" });
  } catch {
    dispatch(placeOrderFailed(placeOrderErrorTexts(null)));
    return null;
  }
  const body = (await response.json().catch(() => null)) as PlaceAnswer | null;
  if (!response.ok || !body?.order) {
    // a missing route says nothing a shopper can use: the spec's text instead
    dispatch(placeOrderFailed(placeOrderErrorTexts(response.status === 404 ? null : body)));
    return null;
  }
  const order: PlacedOrder = { ...body.order, ...(paymentTitle ? { payment_title: paymentTitle } : {}) };
  dispatch(placeOrderSucceeded({ order, status: body.status ?? null }));
  // the success and confirmation pages show it, after a reload too (this tab only)
  try { window.sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify({ order, status: body.status ?? null })); } catch { /* storage blocked */ }
  await fetchCart(dispatch);
  const next = afterPlaceOrder(method, body.status);
  return next === "provider" ? body.redirect_url ?? null : next;
}

/** The place call reads the whole error body (errors map and every message), so it goes through fetch with the client's headers. */
async function placeRequest(body: unknown): Promise<Response> {
  const session = await getSession();
  const headers: Record<string, string> = { accept: "application/json", "content-type": "application/json", "x-language": "en-US" };
  const token = session?.customer_data?.csrf_token;
  if (token) headers["x-csrf-token"] = token;
  return fetch("/api/rest/cart/place", { method: "POST", headers, credentials: "same-origin", body: JSON.stringify(body) });
}

/** §4 "Clearing": the user info goes, then home. */
export async function clearCartUserInfo(dispatch: AppDispatch) {
  await clientPut("/cart", { email: null, shipping_method: null, coupon_code: null });
  await clientDelete("/cart/shipping_address");
  await clientDelete("/cart/billing_address");
  await fetchCart(dispatch);
}
