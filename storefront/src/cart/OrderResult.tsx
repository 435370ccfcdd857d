"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useAppSelector } from "@/lib/store";
import { LAST_ORDER_KEY } from "./actions";
import type { PlacedOrder } from "./state";
import styles from "./Checkout.module.css";

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
  return (
    <div className={styles.result} data-testid={`order-${kind}`}>
      <span className={styles.resultIcon} data-tone={kind === "success" ? "ok" : "review"} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="30" height="30"><path fill="currentColor" d={kind === "success" ? "M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" : "M11 7h2v6h-2zm0 8h2v2h-2zm1-13a10 10 0 1 0 0 20 10 10 0 0 0 0-20z"} /></svg>
      </span>
      <h1 className={styles.title}>{kind === "success" ? "Thank you for your order!" : "We have received your order"}</h1>
      {order ? (
        <>
          <p className={styles.orderNumber}>Your order number is <strong data-testid="order-number">{order.increment_id}</strong>.</p>
          {kind === "confirmation" ? (
            <p>Your order is being reviewed before we process your check or money order payment. We will contact you{email ? ` at ${email}` : ""} if we need anything more.</p>
          ) : email ? <p>We sent a confirmation to <strong>{email}</strong>.</p> : null}
          {order.items?.length ? (
            <div className={styles.orderBox}>
              <ul className={styles.summaryLines}>
                {order.items.map((i) => <li key={`${i.product_id}-${i.sku}`} className={styles.summaryLine}><span /><span>{i.name} <span className={styles.qtyBadge}>× {i.qty}</span></span><span>{i.row_total.formatted}</span></li>)}
              </ul>
              {order.order_total ? <p><strong>Order total: {order.order_total.formatted}</strong></p> : null}
              {order.shipping_title ? <p className={styles.note}>Shipping: {order.shipping_title}</p> : null}
            </div>
          ) : null}
        </>
      ) : <p>Your order was placed. The details are in the confirmation we sent you.</p>}
      <Link href="/" className="button button--primary" prefetch={false}>Continue shopping</Link>
    </div>
  );
}
