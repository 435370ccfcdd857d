import { describe, expect, it } from "vitest";
import type { CartAnswer } from "@store/contract";
import {
  CART_OPERATIONS, cardChanged, cardRejected, cartCount, cartSlice, cartUserInfoCleared, initialCartState, operationFailed, operationStarted,
  operationSucceeded, packageDeliveryBooked, packageDeliveryStarted, paymentMethodChosen, placeOrderFailed, placeOrderSucceeded, type CartState,
} from "./state";

const reduce = (state: CartState, ...actions: Parameters<typeof cartSlice.reducer>[1][]) => actions.reduce((s, a) => cartSlice.reducer(s, a), state);
const money = (amount: number) => ({ amount, formatted: `$${amount.toFixed(2)}` });
const cart = (over: Partial<CartAnswer> = {}): CartAnswer => ({
  info: {
    qty: 2, coupon_code: null, coupon_error: null, messages: { error: [], success: [] }, email: "a@example.com", shipping_method: "flatrate_flatrate",
    shipping_data: {}, fees: [], has_error: false, payment: { method: "checkmo", data: {} }, sales_assistance: null,
  },
  payment: { method: "checkmo", data: {} },
  discount_subtotal_plus_consumer_rebate: money(0), discount_subtotal_plus_discount: money(0), discount_subtotal_plus_instant_savings: money(0),
  buymoresavemore_info: [],
  ...over,
});
const withPayment = reduce(initialCartState, operationSucceeded({ op: "fetch_info", cart: cart() }), paymentMethodChosen({ code: "checkmo", isCard: false }));

describe("operation statuses (spec 001 §4)", () => {
  it("starts every named operation uncalled", () => {
    expect(CART_OPERATIONS).toHaveLength(18);
    for (const op of ["fetch_info", "add_cart_products", "add_addon", "remove_addon", "remove_product", "update_product_qty", "add_coupon_code",
      "fetch_estimated_shipping", "send_email", "update_email", "update_billing_address", "update_shipping_address", "update_same_as_billing",
      "update_shipping_method", "set_payment_method", "update_payment_method", "place_order", "update_sales_assistance_field"] as const) {
      expect(initialCartState.status[op]).toBe("uncalled");
    }
  });

  it("goes uncalled → loading → success, and loading → failure with the error kept", () => {
    const loading = reduce(initialCartState, operationStarted("fetch_info"));
    expect(loading.status.fetch_info).toBe("loading");
    const ok = reduce(loading, operationSucceeded({ op: "fetch_info", cart: cart() }));
    expect(ok.status.fetch_info).toBe("success");
    expect(ok.cart?.info.qty).toBe(2);
    expect(cartCount({ cart: ok })).toBe(2);
    const failed = reduce(ok, operationStarted("send_email"), operationFailed({ op: "send_email", message: "An error occurred while sending email." }));
    expect(failed.status.send_email).toBe("failure");
    expect(failed.errors.send_email).toBe("An error occurred while sending email.");
    // a new attempt clears the old error
    expect(reduce(failed, operationStarted("send_email")).errors.send_email).toBeNull();
  });

  it("lays a partial answer (totals and info) over the cart it holds", () => {
    const held = reduce(initialCartState, operationSucceeded({ op: "fetch_info", cart: cart({ itemList: [7] }) }));
    const info = { ...cart().info, email: "b@example.com" };
    const next = reduce(held, operationSucceeded({ op: "update_email", cart: { info } }));
    expect(next.cart?.info.email).toBe("b@example.com");
    expect(next.cart?.itemList).toEqual([7]);
  });

  it("counts 0 in the header before the cart is known", () => {
    expect(cartCount({ cart: initialCartState })).toBe(0);
  });
});

describe("address confirmation (spec 001 §4)", () => {
  for (const op of ["update_billing_address", "update_shipping_address"] as const) {
    it(`is false while ${op} is loading and true after it succeeds`, () => {
      const confirmed = { ...initialCartState, cartAddressConfirmed: true };
      const loading = reduce(confirmed, operationStarted(op));
      expect(loading.cartAddressConfirmed).toBe(false);
      expect(reduce(loading, operationSucceeded({ op })).cartAddressConfirmed).toBe(true);
    });
    it(`stays unconfirmed when ${op} fails`, () => {
      expect(reduce(initialCartState, operationStarted(op), operationFailed({ op, message: "x" })).cartAddressConfirmed).toBe(false);
    });
  }

  it("is un-confirmed by a successful same-as-billing update", () => {
    const confirmed = reduce(initialCartState, operationStarted("update_billing_address"), operationSucceeded({ op: "update_billing_address" }));
    expect(confirmed.cartAddressConfirmed).toBe(true);
    const loading = reduce(confirmed, operationStarted("update_same_as_billing"));
    expect(loading.cartAddressConfirmed).toBe(true);
    expect(reduce(loading, operationSucceeded({ op: "update_same_as_billing" })).cartAddressConfirmed).toBe(false);
  });
});

describe("payment reset (spec 001 §4)", () => {
  for (const op of ["add_cart_products", "add_addon", "remove_addon", "remove_product", "update_product_qty", "add_coupon_code"] as const) {
    it(`${op} resets the chosen payment to empty`, () => {
      const next = reduce(withPayment, operationStarted(op), operationSucceeded({ op }));
      expect(next.paymentMethod).toBe("");
      expect(next.paymentResetPending).toBe(true);
      expect(next.cart?.payment).toBeNull();
      expect(next.cart?.info.payment).toBeNull();
    });
  }

  for (const op of ["update_email", "update_shipping_method", "update_billing_address", "fetch_info"] as const) {
    it(`${op} keeps the chosen payment`, () => {
      const next = reduce(withPayment, operationSucceeded({ op }));
      expect(next.paymentMethod).toBe("checkmo");
      expect(next.paymentResetPending).toBe(false);
    });
  }

  it("a failed item change keeps the payment", () => {
    expect(reduce(withPayment, operationStarted("update_product_qty"), operationFailed({ op: "update_product_qty", message: "x" })).paymentMethod).toBe("checkmo");
  });

  for (const op of ["set_payment_method", "update_payment_method"] as const) {
    it(`${op} puts the place-order status back to uncalled`, () => {
      const failed = reduce(withPayment, operationStarted("place_order"), placeOrderFailed(["Unfortunately, we weren't able to process the payment."]));
      expect(failed.status.place_order).toBe("failure");
      const next = reduce(failed, operationStarted(op));
      expect(next.status.place_order).toBe("uncalled");
      expect(next.placeOrderErrors).toEqual([]);
    });
  }

  it("choosing a method clears a pending reset and puts place-order back to uncalled", () => {
    const reset = reduce(withPayment, operationSucceeded({ op: "add_coupon_code" }), placeOrderFailed(["x"]));
    const chosen = reduce(reset, paymentMethodChosen({ code: "banktransfer", isCard: false }));
    expect(chosen.paymentMethod).toBe("banktransfer");
    expect(chosen.paymentResetPending).toBe(false);
    expect(chosen.status.place_order).toBe("uncalled");
  });

  it("selecting a card method resets card info and card errors; another method keeps them", () => {
    const typed = reduce(initialCartState, cardChanged({ cc_number: "4111111111111111", cc_cid: "123" }), cardRejected("Invalid CVN length."));
    expect(typed.cardError).toBe("Invalid CVN length.");
    const other = reduce(typed, paymentMethodChosen({ code: "checkmo", isCard: false }));
    expect(other.card.cc_number).toBe("4111111111111111");
    const card = reduce(typed, paymentMethodChosen({ code: "authorizenet", isCard: true }));
    expect(card.card.cc_number).toBe("");
    expect(card.cardError).toBeNull();
  });
});

describe("placing an order (spec 001 §4)", () => {
  it("goes loading, then success with the order stored", () => {
    const loading = reduce(withPayment, operationStarted("place_order"));
    expect(loading.status.place_order).toBe("loading");
    const done = reduce(loading, placeOrderSucceeded({ order: { increment_id: "100000012" }, status: "suspicious" }));
    expect(done.status.place_order).toBe("success");
    expect(done.order?.increment_id).toBe("100000012");
    expect(done.placeOrderResult).toBe("suspicious");
  });

  it("goes loading, then failure with the errors kept and nothing else lost", () => {
    const failed = reduce(withPayment, operationStarted("place_order"), placeOrderFailed(["Unfortunately, we weren't able to process the payment."]));
    expect(failed.status.place_order).toBe("failure");
    expect(failed.placeOrderErrors).toEqual(["Unfortunately, we weren't able to process the payment."]);
    expect(failed.cart).toEqual(withPayment.cart);
    expect(failed.paymentMethod).toBe("checkmo");
  });
});

describe("package delivery and clearing (spec 001 §4)", () => {
  it("clears the delivery texts when a package_ai method is set and opens the booking", () => {
    const booked = reduce(initialCartState, packageDeliveryStarted({ method: "package_ai_a", bookingUrl: "/b" }),
      packageDeliveryBooked({ date: "Friday, December 4, 2026", message: "m", title: "t" }));
    expect(booked.packageDelivery.deliveryTitle).toBe("t");
    expect(booked.packageDelivery.modalOpen).toBe(false);
    const again = reduce(booked, packageDeliveryStarted({ method: "package_ai_b", bookingUrl: "/c" }));
    expect(again.packageDelivery).toEqual({
      bookingUrl: "/c", modalOpen: true, selectedShippingMethod: "package_ai_b", deliveryDateLong: null, deliveryMessage: null, deliveryTitle: null,
    });
  });

  it("clearing the user info nulls email, shipping method and coupon and drops both addresses", () => {
    const held = reduce(initialCartState, operationSucceeded({ op: "fetch_info", cart: cart({ addresses: { billing: undefined } }) }));
    const cleared = reduce({ ...held, cart: { ...held.cart!, info: { ...held.cart!.info, coupon_code: "SAVE10" } } }, cartUserInfoCleared());
    expect(cleared.cart?.info.email).toBeNull();
    expect(cleared.cart?.info.shipping_method).toBeNull();
    expect(cleared.cart?.info.coupon_code).toBeNull();
    expect(cleared.cart?.addresses).toEqual({});
  });
});
