"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useAppSelector } from "@/lib/store";
import { LAST_ORDER_KEY } from "./checkoutActions";
import { CARD_TYPE_NAMES } from "./cardNames";
import type { PlacedOrder } from "./state";
import styles from "./Checkout.module.css";
import { CART_TOTAL_TITLES } from "@store/contract/messages";

/** The order's address as lines (it keeps the fields the checkout saved). */
function addressLines(a: PlacedOrder["shipping_address"]): string[] {
  if (!a) return [];
  const text = (k: string) => (typeof a[k] === "string" ? (a[k] as string) : "");
  const street = Array.isArray(a.street) ? a.street : text("street") ? [text("street")] : [];
  const place = [text("city"), [text("region"), text("postcode")].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [[text("firstname"), text("lastname")].filter(Boolean).join(" "), text("company"), ...street, place, text("country_id")].filter(Boolean);
}

/** How it was paid: the card's type and last four, else the method's title. */
function paymentText(order: PlacedOrder): string | null {
  const data = order.payment?.data ?? {};
  const four = typeof data.cc_last_four === "string" ? data.cc_last_four : null;
  if (four) return `${CARD_TYPE_NAMES[String(data.cc_type)] ?? "Card"} ending in ${four}`;
  return order.payment_title ?? null;
}

/**
 * The order just placed: from the store right after placing, or from this tab's session storage
 * after a reload. Nothing is rendered on the server (the page holds a shopper's order).
 */
export default function OrderResult({ kind }: { kind: "success" | "confirmation" }) {
  const fromState = useAppSelector((s) => s.cart.order);
  const [order, setOrder] = useState<PlacedOrder | null>(fromState);
  const [read, setRead] = useState(!!fromState);
  useEffect(() => {
    if (fromState) { setOrder(fromState); setRead(true); return; }
    try {
      const stored = window.sessionStorage.getItem(LAST_ORDER_KEY);
      if (stored) setOrder((JSON.parse(stored) as { order: PlacedOrder }).order);
    } catch { /* nothing kept */ }
    setRead(true);
  }, [fromState]);
  if (!read) return <div className={styles.result} aria-busy="true" />;
  const email = order?.additional_information?.email_address || order?.email;
  const t = order?.totals;
  const shipTo = addressLines(order?.shipping_address);
  const paidBy = order ? paymentText(order) : null;
  return (
    <div className={styles.result} data-testid={`order-${kind}`}>
      <div className={styles.resultHead}>
        <span className={styles.resultIcon} data-tone={kind === "success" ? "ok" : "review"} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="30" height="30"><path fill="currentColor" d={kind === "success" ? "M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" : "M11 7h2v6h-2zm0 8h2v2h-2zm1-13a10 10 0 1 0 0 20 10 10 0 0 0 0-20z"} /></svg>
        </span>
        <h1 className={styles.title}>{kind === "success" ? "Thank you for your order!" : "We have received your order"}</h1>
      </div>
      {order ? (
        <>
          <div className={styles.resultText}>
            <p className={styles.orderNumber}>Your order number is <strong data-testid="order-number">{order.increment_id}</strong>.</p>
            {kind === "confirmation" ? (
              <p>Your order is being reviewed before we process your check or money order payment. We will contact you{email ? <> at <strong>{email}</strong></> : null} if we need anything more.</p>
            ) : email ? <p>We sent a confirmation to <strong>{email}</strong>.</p> : null}
          </div>
          {order.items?.length ? (
            <section className={styles.orderBox} aria-labelledby="order-summary-title">
              <h2 id="order-summary-title" className={styles.orderBoxTitle}>Order summary</h2>
              <ul className={styles.orderLines}>
                {order.items.map((i) => <li key={`${i.product_id}-${i.sku}`}><span>{i.name} <span className={styles.qtyBadge}>× {i.qty}</span></span><span>{i.row_total.formatted}</span></li>)}
              </ul>
              {t ? (
                <dl className={styles.orderTotals}>
                  <dt>{CART_TOTAL_TITLES.subtotal}</dt><dd>{t.subtotal.formatted}</dd>
                  {t.discount.amount !== 0 ? <><dt>{CART_TOTAL_TITLES.discount}{order.coupon_code ? ` (${order.coupon_code})` : ""}</dt><dd>−{t.discount.formatted}</dd></> : null}
                  {t.fee.amount !== 0 ? <><dt>{CART_TOTAL_TITLES.fee}</dt><dd>{t.fee.formatted}</dd></> : null}
                  <dt>{CART_TOTAL_TITLES.shipping}</dt><dd>{t.shipping.amount === 0 ? "Free" : t.shipping.formatted}</dd>
                  <dt>{CART_TOTAL_TITLES.tax}</dt><dd>{t.tax.formatted}</dd>
                  <dt className={styles.orderGrand}>{CART_TOTAL_TITLES.grand_total}</dt><dd className={styles.orderGrand} data-testid="order-total">{t.grand_total.formatted}</dd>
                </dl>
              ) : order.order_total ? <p className={styles.orderGrand}>{CART_TOTAL_TITLES.grand_total}: {order.order_total.formatted}</p> : null}
              <div className={styles.orderFacts}>
                {order.shipping_title ? (
                  <div>
                    <h3>{order.shipping_method === "instore_pickup" ? "Pickup" : "Shipping"}</h3>
                    <p>{order.shipping_title}</p>
                    {shipTo.length > 0 && order.shipping_method !== "instore_pickup" ? <p className={styles.summaryAddress}>{shipTo.join("\n")}</p> : null}
                  </div>
                ) : null}
                {paidBy ? <div><h3>Payment</h3><p>{paidBy}</p></div> : null}
              </div>
            </section>
          ) : null}
        </>
      ) : <p>Your order was placed. The details are in the confirmation we sent you.</p>}
      <Link href="/" className="button button--primary" prefetch={false}>Continue shopping</Link>
    </div>
  );
}
