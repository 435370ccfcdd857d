"use client";

import type { CartAddressAnswer, CartAddressBody, CartAnswer, CartPaymentAnswer, CartPaymentBody, CartShippingAnswer, PlaceOrderAnswer } from "@store/contract";
import { clientDelete, clientPut, getSession } from "@/lib/client-api";
import type { AppDispatch } from "@/lib/store";
import { fetchCart, run, serverText } from "./actions";
import { CART_UNKNOWN_ERROR, PAYMENT_UNKNOWN_ERROR } from "./messages";
import { afterPlaceOrder, placeOrderErrorTexts, shouldSaveEmail } from "./rules";
import {
  operationFailed, operationStarted, operationSucceeded, packageDeliveryBooked, packageDeliveryStarted, placeOrderFailed, placeOrderSucceeded,
  type CartOperation, type PlacedOrder,
} from "./state";

/** The checkout's calls (spec 001 §7 "Addresses", "Shipping", "Payment", "Placing the order"), as the cart's in actions.ts. */

export interface CartPackageAiAnswer { booking_url: string; delivery_dates: string[] }

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
