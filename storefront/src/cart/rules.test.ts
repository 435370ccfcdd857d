import { describe, expect, it } from "vitest";
import {
  addressAccepted, addressesDiffer, afterPlaceOrder, billingPostcode, billingValid, cardProblem, placeOrderDisabled, placeOrderErrorTexts,
  checkoutNeedsCaptcha, planPaymentChoice, recaptchaRequired, shippingValid, shouldSaveEmail, type PlaceOrderInput,
} from "./rules";

const ready: PlaceOrderInput = {
  selectedMethod: "checkmo", paymentMethod: "checkmo", shippingMethod: "flatrate_flatrate", email: "a@b", sameAsBilling: true,
  shippingText: "Ann\n1 Main St", billingText: "Ann\n1 Main St", recaptchaRequired: false, recaptchaToken: null,
};

describe("place-order disabled (spec 001 §5)", () => {
  it("is enabled when every rule passes", () => expect(placeOrderDisabled(ready)).toBe(false));
  it("without a payment method", () => expect(placeOrderDisabled({ ...ready, selectedMethod: "", paymentMethod: "" })).toBe(true));
  for (const code of ["cognical_zibby_loan", "katapult_payment_loan", "acimacheckout", "freedompay"]) {
    it(`not for a missing payment with ${code}`, () => expect(placeOrderDisabled({ ...ready, selectedMethod: code, paymentMethod: "" })).toBe(false));
  }
  it("without a shipping method", () => expect(placeOrderDisabled({ ...ready, shippingMethod: null })).toBe(true));
  it("with an email shorter than 3 characters", () => {
    expect(placeOrderDisabled({ ...ready, email: "ab" })).toBe(true);
    expect(placeOrderDisabled({ ...ready, email: "abc" })).toBe(false);
  });
  it("when shipping is not same-as-billing but its text equals the billing text", () => {
    expect(placeOrderDisabled({ ...ready, sameAsBilling: false })).toBe(true);
    expect(placeOrderDisabled({ ...ready, sameAsBilling: false, shippingText: "Bob\n2 Oak Ave" })).toBe(false);
  });
  it("when guest checkout needs a reCAPTCHA and none is solved", () => {
    expect(placeOrderDisabled({ ...ready, recaptchaRequired: true })).toBe(true);
    expect(placeOrderDisabled({ ...ready, recaptchaRequired: true, recaptchaToken: "tok" })).toBe(false);
    expect(recaptchaRequired(true, "contact, guest_checkout")).toBe(true);
    expect(recaptchaRequired(true, "contact")).toBe(false);
    expect(recaptchaRequired(false, "guest_checkout")).toBe(false);
  });
  it("shows the challenge to guests only, and only with a site key", () => {
    const store = { siteKey: "site-key", enabled: true, forms: "user_create,guest_checkout" };
    expect(checkoutNeedsCaptcha({ ...store, signedIn: false })).toBe(true);
    expect(checkoutNeedsCaptcha({ ...store, signedIn: true })).toBe(false);
    expect(checkoutNeedsCaptcha({ ...store, signedIn: false, siteKey: "" })).toBe(false);
    expect(checkoutNeedsCaptcha({ ...store, signedIn: false, forms: "user_create" })).toBe(false);
  });
});

describe("address validity (spec 001 §5)", () => {
  const billing = { firstname: "Ann", telephone: "555-0100", email: "a@b.co", validation_errors: [] };
  it("billing needs telephone, firstname, email and no validation errors", () => {
    expect(billingValid(billing)).toBe(true);
    expect(billingValid({ ...billing, telephone: "" })).toBe(false);
    expect(billingValid({ ...billing, firstname: "" })).toBe(false);
    expect(billingValid({ ...billing, email: "" })).toBe(false);
    expect(billingValid({ ...billing, validation_errors: [{ field: "postcode", message: "x" }] })).toBe(false);
  });
  it("shipping needs firstname and no validation errors", () => {
    expect(shippingValid({ firstname: "Ann", validation_errors: [] })).toBe(true);
    expect(shippingValid({ firstname: "", validation_errors: [] })).toBe(false);
    expect(shippingValid({ firstname: "Ann", validation_errors: [{}] })).toBe(false);
  });
  it("truncates a billing postcode with a dash at the 7th character", () => {
    expect(billingPostcode("K1A0B1-123")).toBe("K1A0B1");
    expect(billingPostcode("90210-1234")).toBe("90210-1234");
    expect(billingPostcode("902101")).toBe("902101");
  });
  it("addresses differ only when neither text is empty", () => {
    expect(addressesDiffer("a", "b")).toBe(true);
    expect(addressesDiffer("a", "a")).toBe(false);
    expect(addressesDiffer("", "b")).toBe(false);
    expect(addressesDiffer("a", "")).toBe(false);
  });
  it("accepts an update when validation_errors is an empty list", () => {
    expect(addressAccepted({ validation_errors: [] })).toBe(true);
    expect(addressAccepted({ validation_errors: [{ field: "telephone", message: "x" }] })).toBe(false);
    expect(addressAccepted({})).toBe(false);
  });
  it("saves the email only when non-empty", () => {
    expect(shouldSaveEmail("a@b.co")).toBe(true);
    expect(shouldSaveEmail("  ")).toBe(false);
    expect(shouldSaveEmail(null)).toBe(false);
  });
});

describe("choosing a payment method (spec 001 §4)", () => {
  const idle = { methodsLoading: false, selected: "", resetPending: false };
  it("does nothing while methods load, or when the method is already selected with no reset pending", () => {
    expect(planPaymentChoice("checkmo", { ...idle, methodsLoading: true }).skip).toBe(true);
    expect(planPaymentChoice("checkmo", { ...idle, selected: "checkmo" }).skip).toBe(true);
    expect(planPaymentChoice("checkmo", { ...idle, selected: "checkmo", resetPending: true }).skip).toBe(false);
  });
  it("fetches Affirm's info first, saves the listed methods, and runs each method's next step", () => {
    expect(planPaymentChoice("affirm", idle)).toMatchObject({ fetchAffirmInfo: true, saveToServer: true, after: "refresh_cart" });
    for (const code of ["paypal_standard", "acimacheckout"]) expect(planPaymentChoice(code, idle)).toMatchObject({ saveToServer: true, after: "place_order" });
    expect(planPaymentChoice("katapult_payment_loan", idle)).toMatchObject({ saveToServer: true, after: "provider_checkout_info" });
    expect(planPaymentChoice("cognical_zibby_loan", idle)).toMatchObject({ saveToServer: false, after: "provider_checkout_info" });
    expect(planPaymentChoice("freedompay", idle).after).toBe("freedompay_redirect");
    expect(planPaymentChoice("paypal_express", idle).after).toBe("nothing");
    for (const code of ["moneris", "synchronyunifi"]) expect(planPaymentChoice(code, idle)).toMatchObject({ saveToServer: true, after: "refresh_cart" });
    expect(planPaymentChoice("checkmo", idle)).toMatchObject({ saveToServer: false, fetchAffirmInfo: false, after: "refresh_cart", resetCard: false });
    expect(planPaymentChoice("authorizenet", idle).resetCard).toBe(true);
  });
});

describe("after placing an order (spec 001 §4)", () => {
  it("sends a suspicious check payment to confirmation and the rest to success", () => {
    expect(afterPlaceOrder("checkmo", "suspicious")).toBe("/checkout/confirmation");
    expect(afterPlaceOrder("checkmo", "pending")).toBe("/checkout/success");
    expect(afterPlaceOrder("authorizenet", "suspicious")).toBe("/checkout/success");
    expect(afterPlaceOrder("acimacheckout", "success")).toBe("stay");
    expect(afterPlaceOrder("paypal_standard", "success")).toBe("provider");
  });
});

describe("place-order error texts (spec 001 §8)", () => {
  it("collects the errors map's arrays and messages.error", () => {
    expect(placeOrderErrorTexts({ errors: { card: ["Card declined"], other: "not an array" }, messages: { error: [{ message: "Try again" }] } }))
      .toEqual(["Card declined", "Try again"]);
    expect(placeOrderErrorTexts({ messages: { error: "One message" } })).toEqual(["One message"]);
  });
  it("shows SQLSTATE messages as 'Database error'", () => {
    expect(placeOrderErrorTexts({ messages: { error: [{ message: "SQLSTATE[23000]: Integrity constraint violation" }] } })).toEqual(["Database error"]);
  });
  it("falls back to the spec's text", () => {
    const text = "An error occurred while processing your order. If the issue persists, please contact support for assistance.";
    expect(placeOrderErrorTexts({})).toEqual([text]);
    expect(placeOrderErrorTexts(null)).toEqual([text]);
    expect(placeOrderErrorTexts({ messages: { error: [] } })).toEqual([text]);
  });
});

describe("card checks before saving (spec 001 §5)", () => {
  const now = new Date("2026-11-01T00:00:00Z");
  const visa = { cc_type: "VI", cc_number: "4111 1111 1111 1111", cc_cid: "123", cc_exp_month: "12", cc_exp_year: "2030" };
  it("passes a good card", () => expect(cardProblem("authorizenet", visa, { now })).toBeNull());
  it("refuses a type that does not match the number", () => {
    expect(cardProblem("authorizenet", { ...visa, cc_type: "MC" }, { now })).toBe("Credit card type not accepted");
  });
  it("refuses an invalid number", () => {
    expect(cardProblem("authorizenet", { ...visa, cc_number: "4111111111111112" }, { now })).toBe("Credit card type/number mismatch.");
  });
  it("needs 3 digits of security code, 4 for AE", () => {
    expect(cardProblem("authorizenet", { ...visa, cc_cid: "1234" }, { now })).toBe("Invalid CVN length.");
    const amex = { ...visa, cc_type: "AE", cc_number: "378282246310005" };
    expect(cardProblem("authorizenet", { ...amex, cc_cid: "123" }, { now })).toBe("Invalid CVN length.");
    expect(cardProblem("authorizenet", { ...amex, cc_cid: "1234" }, { now })).toBeNull();
  });
  it("needs the heartland token for hps_securesubmit", () => {
    expect(cardProblem("hps_securesubmit", visa, { now })).toBe("heartland token missing");
    expect(cardProblem("hps_securesubmit", visa, { now, token: "supt_x" })).toBeNull();
  });
});
