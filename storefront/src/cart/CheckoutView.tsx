"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import type { CartPackageAiAnswer } from "./checkoutActions";
import { fetchCart } from "./actions";
import { placeOrder, savePayment, setShippingMethod, updateAddress, updateEmail, updateSalesAssistance } from "./checkoutActions";
import AddressForm, { bodyOf, fieldsOf } from "./AddressForm";
import CardForm from "./CardForm";
import { billingPostcode, billingValid, cardProblem, isCardMethod, checkoutNeedsCaptcha, placeOrderDisabled, planPaymentChoice, shippingValid } from "./rules";
import { cardRejected, packageDeliveryBooked, packageModalClosed, paymentMethodChosen, recaptchaSolved, type CartState } from "./state";
import Recaptcha from "@/account/Recaptcha";
import { useAccount } from "@/account/useAccount";
import Totals from "./Totals";
import CouponBox from "./CouponBox";
import styles from "./Checkout.module.css";

export interface CheckoutSettings {
  salesAssistance: { enabled: boolean; title: string; subtitle: string; field_label: string };
  recaptchaEnabled: boolean;
  recaptchaForms: string;
  recaptchaSiteKey: string;
}

const selectCart = (s: { cart: CartState }) => s.cart;

/**
 * The one-page checkout (spec 001 §2): email, billing, shipping with same-as-billing, shipping
 * method (pickup store, delivery booking), payment with the card form, sales assistance, place
 * order. `focus` scrolls to the step a stage route names.
 */
export default function CheckoutView({ settings, focus }: { settings: CheckoutSettings; focus?: "delivery" | "payment" | "review" }) {
  const dispatch = useAppDispatch();
  const account = useAccount();
  const router = useRouter();
  const state = useAppSelector(selectCart);
  const { cart, status, errors } = state;
  useEffect(() => { void fetchCart(dispatch); }, [dispatch]);
  useEffect(() => {
    if (focus && cart) document.getElementById(`step-${focus}`)?.scrollIntoView();
  }, [focus, !!cart]); // eslint-disable-line react-hooks/exhaustive-deps

  const [email, setEmail] = useState<string | null>(null);
  const [pickupStore, setPickupStore] = useState<number | null>(null);
  const [bookingDates, setBookingDates] = useState<string[]>([]);
  const [salesAssistance, setSalesAssistance] = useState<string | null>(null);
  const [shipElsewhere, setShipElsewhere] = useState<boolean | null>(null);
  /** the method last clicked: pickup shows its store choice before one is saved */
  const [pendingMethod, setPendingMethod] = useState<string | null>(null);

  if (!cart) {
    return status.fetch_info === "failure" ? (
      <div className={styles.page}><h1 className={styles.title}>Checkout</h1><p className={styles.error} role="alert">{errors.fetch_info}</p>
        <button type="button" className="button button--secondary" onClick={() => void fetchCart(dispatch)}>Try again</button></div>
    ) : <div className={styles.page} aria-busy="true"><h1 className={styles.title}>Checkout</h1><p>Loading your cart…</p></div>;
  }
  const items = Object.values(cart.items ?? {});
  if (items.length === 0 && status.place_order !== "loading" && status.place_order !== "success") {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Checkout</h1>
        <p>Your cart is empty.</p>
        <Link href="/" className="button button--primary" prefetch={false}>Continue shopping</Link>
      </div>
    );
  }

  const billing = cart.addresses?.billing;
  const shipping = cart.addresses?.shipping;
  // shipping goes to the billing address unless the shopper said otherwise (or a different one is stored)
  const sameAsBilling = shipElsewhere === null ? !(shipping && !shipping.same_as_billing && shipping.formatted_text) : !shipElsewhere;
  const emailValue = email ?? cart.info.email ?? "";
  const billingWithEmail = billing ? { ...billing, email: billing.email || cart.info.email || "" } : undefined;
  const shippingMethods = cart.methods?.shipping ?? [];
  const paymentMethods = cart.methods?.payment ?? [];
  const chosenShipping = cart.info.shipping_method;
  const shippingData = cart.info.shipping_data as { location_id?: number; delivery_date?: string };
  const method = state.paymentMethod;
  // a guest's checkout asks for the captcha when the store lists guest_checkout; a customer's never does
  const needRecaptcha = checkoutNeedsCaptcha({
    signedIn: account.signedIn, siteKey: settings.recaptchaSiteKey, enabled: settings.recaptchaEnabled, forms: settings.recaptchaForms,
  });
  const disabled = placeOrderDisabled({
    selectedMethod: method, paymentMethod: method, shippingMethod: chosenShipping, email: cart.info.email, sameAsBilling,
    shippingText: shipping?.formatted_text, billingText: billing?.formatted_text, recaptchaRequired: needRecaptcha, recaptchaToken: state.recaptchaToken,
  }) || !billingValid(billingWithEmail) || (!sameAsBilling && !shippingValid(shipping));
  const placing = status.place_order === "loading" || status.set_payment_method === "loading";

  const saveBilling = async (fields: ReturnType<typeof fieldsOf>) => {
    if (email !== null && email !== cart.info.email) await updateEmail(dispatch, email);
    const body = bodyOf(fields);
    const saved = await updateAddress(dispatch, "billing", { ...body, postcode: billingPostcode(body.postcode ?? ""), email: (email ?? cart.info.email ?? "").trim() });
    // ship to it too unless told otherwise: the server copies it for shipping estimates and the order
    if (saved && saved.validation_errors.length === 0 && sameAsBilling && !shipping?.same_as_billing) {
      await updateAddress(dispatch, "shipping", { same_as_billing: true }, "update_same_as_billing");
    }
  };
  const toggleSame = (checked: boolean) => {
    setShipElsewhere(!checked);
    void updateAddress(dispatch, "shipping", { same_as_billing: checked }, "update_same_as_billing");
  };

  const chooseShipping = async (code: string, type: string) => {
    setPendingMethod(code);
    if (type === "pickup") {
      const store = cart.methods?.shipping?.find((m) => m.code === code)?.stores?.find((s) => s.in_stock);
      const id = pickupStore ?? store?.location_id ?? null;
      if (id === null) { await setShippingMethod(dispatch, code); return; }
      setPickupStore(id);
      await setShippingMethod(dispatch, code, { location_id: id });
      return;
    }
    const info = (await setShippingMethod(dispatch, code)) as CartPackageAiAnswer | null;
    setBookingDates(info?.delivery_dates ?? []);
  };

  const choosePayment = async (code: string) => {
    const plan = planPaymentChoice(code, { methodsLoading: status.fetch_info === "loading" && paymentMethods.length === 0, selected: method, resetPending: state.paymentResetPending });
    if (plan.skip) return;
    dispatch(paymentMethodChosen({ code, isCard: plan.resetCard }));
    if (plan.saveToServer && (await savePayment(dispatch, code, {})) !== null) return;
    if (plan.after === "place_order") await submit(code);
    else if (plan.after === "refresh_cart") void fetchCart(dispatch);
  };

  async function submit(code = method) {
    let data: Record<string, unknown> = {};
    if (isCardMethod(code)) {
      const problem = cardProblem(code, state.card);
      if (problem) { dispatch(cardRejected(problem)); return; }
      data = { ...state.card, cc_number: state.card.cc_number.replace(/[\s-]/g, "") };
      const refused = await savePayment(dispatch, code, data, "update_payment_method");
      if (refused) { dispatch(cardRejected(refused)); return; }
    }
    const next = await placeOrder(dispatch, code, data, state.recaptchaToken, paymentMethods.find((p) => p.code === code)?.title);
    if (next === "/checkout/success" || next === "/checkout/confirmation") router.push(next);
    else if (next && next !== "stay" && /^https?:\/\//.test(next)) window.location.assign(next);
  }

  const pickupMethod = shippingMethods.find((m) => m.code === chosenShipping && m.type === "pickup");

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Checkout</h1>
      <div className={styles.layout}>
        <div className={styles.steps}>
          <section className={styles.step} aria-labelledby="step-email-title" id="step-email">
            <h2 className={styles.stepHead} id="step-email-title">Contact{cart.info.email ? <span className={styles.done}>✓ Saved</span> : null}</h2>
            <div className={styles.field}>
              <label htmlFor="checkout-email">Email address<span aria-hidden="true" className={styles.req}> *</span></label>
              <input
                id="checkout-email" type="email" autoComplete="email" required value={emailValue}
                onChange={(e) => setEmail(e.target.value)} onBlur={() => { if (email !== null && email !== cart.info.email) void updateEmail(dispatch, email); }}
                aria-describedby="checkout-email-note"
              />
              <p id="checkout-email-note" className={styles.note}>We send your order confirmation here.</p>
              {errors.update_email ? <p className={styles.fieldError} role="alert">{errors.update_email}</p> : null}
            </div>
          </section>

          <section className={styles.step} aria-labelledby="billing-title" id="step-billing">
            <h2 className={styles.stepHead} id="billing-title">Billing address{billingValid(billingWithEmail) && state.status.update_billing_address !== "failure" ? <span className={styles.done}>✓ Saved</span> : null}</h2>
            <AddressForm
              id="billing" initial={fieldsOf(billing)} errors={billing?.validation_errors ?? []} busy={status.update_billing_address === "loading"}
              onSave={saveBilling} submitLabel="Save billing address" needPhone
            />
            {status.update_billing_address === "failure" && errors.update_billing_address ? <p className={styles.error} role="alert">{errors.update_billing_address}</p> : null}
          </section>

          <section className={styles.step} aria-labelledby="shipping-title" id="step-shipping">
            <h2 className={styles.stepHead} id="shipping-title">Shipping address</h2>
            <label className={styles.check}>
              <input type="checkbox" checked={sameAsBilling} onChange={(e) => toggleSame(e.target.checked)} disabled={status.update_same_as_billing === "loading"} />
              Ship to my billing address
            </label>
            {sameAsBilling ? (
              billing?.formatted_text ? <p className={styles.summaryAddress} data-testid="shipping-same">{billing.formatted_text}</p> : null
            ) : (
              <>
                <AddressForm
                  id="shipping" initial={fieldsOf(shipping)} errors={shipping?.validation_errors ?? []} busy={status.update_shipping_address === "loading"}
                  onSave={(f) => void updateAddress(dispatch, "shipping", { ...bodyOf(f), same_as_billing: false })} submitLabel="Save shipping address" needPhone={false}
                />
                {shipping?.formatted_text && shipping.formatted_text === billing?.formatted_text ? (
                  <p className={styles.note}>Enter the address to ship to, or tick “Ship to my billing address”.</p>
                ) : null}
              </>
            )}
          </section>

          <section className={styles.step} aria-labelledby="delivery-title" id="step-delivery">
            <h2 className={styles.stepHead} id="delivery-title">Shipping method</h2>
            {shippingMethods.length === 0 ? <p className={styles.note}>Enter your address to see the delivery options.</p> : (
              <fieldset className={styles.options} disabled={status.update_shipping_method === "loading"}>
                <legend className="visually-hidden">Shipping method</legend>
                {shippingMethods.map((m) => (
                  <div key={m.code} className={styles.option} data-testid="shipping-option">
                    <input id={`ship-${m.code}`} type="radio" name="shipping-method" value={m.code} checked={chosenShipping === m.code} onChange={() => void chooseShipping(m.code, m.type)} />
                    <label htmlFor={`ship-${m.code}`} className={styles.optionTitle}>{m.title}<span className={styles.optionMeta}>{m.carrier_title}</span></label>
                    <span className={styles.optionPrice}>{m.price.amount === 0 ? "Free" : m.price.formatted}</span>
                    {m.type === "pickup" && (chosenShipping === m.code || pendingMethod === m.code) && m.stores ? (
                      <div className={`${styles.sub} ${styles.field}`}>
                        <label htmlFor="pickup-store">Pickup store</label>
                        <select id="pickup-store" value={(chosenShipping === m.code ? shippingData.location_id : undefined) ?? pickupStore ?? ""} onChange={(e) => { const id = Number(e.target.value); setPickupStore(id); void setShippingMethod(dispatch, m.code, { location_id: id }); }}>
                          {pickupStore === null && chosenShipping !== m.code ? <option value="">Choose a store</option> : null}
                          {m.stores.map((s) => <option key={s.location_id} value={s.location_id} disabled={!s.in_stock}>{s.store_name}{s.in_stock ? "" : " (not in stock)"}</option>)}
                        </select>
                      </div>
                    ) : null}
                    {m.code.includes("package_ai") && chosenShipping === m.code ? (
                      <span className={styles.sub}>
                        {state.packageDelivery.deliveryTitle || shippingData.delivery_date ? (
                          <span data-testid="delivery-booked">{state.packageDelivery.deliveryTitle ?? "Delivery"}: {state.packageDelivery.deliveryDateLong ?? shippingData.delivery_date}</span>
                        ) : <span className={styles.note}>Choose a delivery date to continue.</span>}
                      </span>
                    ) : null}
                  </div>
                ))}
              </fieldset>
            )}
            {pickupMethod ? <p className={styles.note}>We will email you when your order is ready for pickup.</p> : null}
            {errors.update_shipping_method ? <p className={styles.error} role="alert">{errors.update_shipping_method}</p> : null}
          </section>

          <section className={styles.step} aria-labelledby="payment-title" id="step-payment">
            <h2 className={styles.stepHead} id="payment-title">Payment</h2>
            {paymentMethods.length === 0 ? <p className={styles.note}>No payment methods are available.</p> : (
              <fieldset className={styles.options}>
                <legend className="visually-hidden">Payment method</legend>
                {paymentMethods.map((p) => (
                  <div key={p.code} className={styles.option} data-testid="payment-option">
                    <input id={`pay-${p.code}`} type="radio" name="payment-method" value={p.code} checked={method === p.code} onChange={() => void choosePayment(p.code)} />
                    <label htmlFor={`pay-${p.code}`} className={styles.optionTitle}>{p.title}</label>
                    <span />
                    {method === p.code && isCardMethod(p.code) ? <div className={styles.sub}><CardForm /></div> : null}
                    {method === p.code && typeof p.additional_data.instructions === "string" ? <span className={`${styles.sub} ${styles.note}`}>{p.additional_data.instructions}</span> : null}
                  </div>
                ))}
              </fieldset>
            )}
            {errors.set_payment_method ? <p className={styles.error} role="alert">{errors.set_payment_method}</p> : null}
            {settings.salesAssistance.enabled ? (
              <div className={styles.field} style={{ marginTop: 16 }}>
                {settings.salesAssistance.title ? <p className={styles.optionTitle}>{settings.salesAssistance.title}</p> : null}
                {settings.salesAssistance.subtitle ? <p className={styles.note}>{settings.salesAssistance.subtitle}</p> : null}
                <label htmlFor="sales-assistance">{settings.salesAssistance.field_label || "Sales associate"}</label>
                <input id="sales-assistance" value={salesAssistance ?? cart.info.sales_assistance ?? ""} onChange={(e) => setSalesAssistance(e.target.value)}
                  onBlur={() => { if (salesAssistance !== null) void updateSalesAssistance(dispatch, salesAssistance.trim()); }} />
              </div>
            ) : null}
          </section>
        </div>

        <aside className={styles.step} aria-labelledby="step-review-title" id="step-review">
          <h2 className={styles.stepHead} id="step-review-title">Order summary</h2>
          <ul className={styles.summaryLines}>
            {items.map((i) => (
              <li key={i.item_id} className={styles.summaryLine}>
                {/* eslint-disable-next-line @next/next/no-img-element */}
                {i.image_url ? <img src={i.image_url} alt="" width={48} height={48} /> : <span />}
                <span>{i.name} <span className={styles.qtyBadge}>× {i.qty}</span></span>
                <span>{i.row_total.formatted}</span>
              </li>
            ))}
          </ul>
          <p><Link href="/checkout/cart" prefetch={false}>Edit cart</Link></p>
          <CouponBox />
          <Totals cart={cart} />
          {state.placeOrderErrors.length > 0 ? (
            <div className={styles.errorBox} role="alert" data-testid="place-order-errors">
              <ul>{state.placeOrderErrors.map((e) => <li key={e}>{e}</li>)}</ul>
            </div>
          ) : null}
          {needRecaptcha ? (
            <Recaptcha siteKey={settings.recaptchaSiteKey} resetKey={state.placeOrderErrors.length} onToken={(token) => dispatch(recaptchaSolved(token))} />
          ) : null}
          {needRecaptcha && !state.recaptchaToken ? <p className={styles.note}>Please complete the security check to place your order.</p> : null}
          <button type="button" className={`button button--primary ${styles.place}`} disabled={disabled || placing} aria-busy={placing} onClick={() => void submit()} data-testid="place-order">
            {placing ? "Placing order…" : "Place Order"}
          </button>
          {disabled ? <p className={styles.note} id="place-note">Complete your email, addresses, shipping method and payment to place the order.</p> : null}
        </aside>
      </div>
      {state.packageDelivery.modalOpen ? (
        <div className={styles.modalBackdrop}>
          <div className={styles.modal} role="dialog" aria-modal="true" aria-labelledby="booking-title">
            <h2 id="booking-title">Book your delivery</h2>
            <p>Choose the day we deliver your order.</p>
            <ul className={styles.dates}>
              {bookingDates.map((d) => (
                <li key={d}>
                  <button type="button" className="button button--secondary" onClick={() => {
                    const code = state.packageDelivery.selectedShippingMethod ?? chosenShipping ?? "";
                    void setShippingMethod(dispatch, code, { delivery_date: d }).then(() => dispatch(packageDeliveryBooked({ date: d, message: null, title: "Delivery" })));
                  }}>{d}</button>
                </li>
              ))}
            </ul>
            <button type="button" className="button button--secondary" onClick={() => dispatch(packageModalClosed())}>Close</button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
