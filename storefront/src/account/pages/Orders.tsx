"use client";

import { useEffect } from "react";
import { CART_TOTAL_TITLES } from "@store/contract/messages";
import AccountShell from "../AccountShell";
import type { OrderSummary } from "../api";
import { NO_ORDERS } from "../messages";
import { fetchOrders } from "../state";
import { useAccount } from "../useAccount";
import styles from "../Account.module.css";

/** The order's totals in the order the cart shows them, with spec 001 §9's default labels. */
const TOTAL_LINES = (["subtotal", "discount", "fee", "shipping", "tax", "grand_total"] as const).map((key) => [key, CART_TOTAL_TITLES[key]] as const);

const STATUS_LABELS: Record<OrderSummary["status"], string> = {
  pending_payment: "Pending payment", processing: "Processing", payment_review: "Payment under review",
  suspected_fraud: "Under review", canceled: "Canceled",
};

/** Order history (GET /orders, newest first): each order's lines and totals. */
export default function Orders() {
  return (
    <AccountShell title="My Orders">
      <OrderList />
    </AccountShell>
  );
}

function OrderList() {
  const { orders, status, errors, dispatch } = useAccount();
  useEffect(() => {
    if (status.orders === "idle") void dispatch(fetchOrders());
  }, [dispatch, status.orders]);
  if (status.orders === "pending" || status.orders === "idle") return <p role="status">Loading your orders…</p>;
  if (status.orders === "rejected") return <p className={styles.error} role="alert">{errors.orders}</p>;
  if (orders.length === 0) return <p>{NO_ORDERS}</p>;
  return <div className={styles.content}>{orders.map((order) => <Order key={order.entity_id} order={order} />)}</div>;
}

function Order({ order }: { order: OrderSummary }) {
  // a discount or a fee is shown only when there is one; the rest always
  const totals = TOTAL_LINES.filter(([key]) => (key !== "discount" && key !== "fee") || order.totals[key].amount !== 0);
  return (
    <article className={styles.card} aria-labelledby={`order-${order.entity_id}`} data-testid="order">
      <h2 id={`order-${order.entity_id}`}>Order #{order.increment_id}</h2>
      <p className={styles.hint}>
        {new Date(order.created_at).toLocaleDateString("en-US", { dateStyle: "long" })} · {STATUS_LABELS[order.status]}
      </p>
      <table className={styles.orderLines}>
        <thead><tr><th scope="col">Product</th><th scope="col">Qty</th><th scope="col">Total</th></tr></thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={`${item.product_id}-${item.sku}`}><td>{item.name}</td><td>{item.qty}</td><td>{item.row_total.formatted}</td></tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.totals}>
        {totals.map(([key, label]) => <div key={key} style={{ display: "contents" }}><dt>{label}</dt><dd>{order.totals[key].formatted}</dd></div>)}
      </dl>
    </article>
  );
}
