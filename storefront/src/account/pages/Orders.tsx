"use client";

import { useEffect } from "react";
import AccountShell from "../AccountShell";
import type { OrderSummary } from "../api";
import { NO_ORDERS } from "../messages";
import { fetchOrders } from "../state";
import { useAccount } from "../useAccount";
import styles from "../Account.module.css";

const money = (value: unknown): string => {
  if (value && typeof value === "object" && "formatted" in value) return String((value as { formatted: unknown }).formatted);
  return value === undefined || value === null ? "" : String(value);
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
  const number = order.increment_id ?? order.entity_id;
  const totals = Object.entries(order.totals ?? {}).filter(([, t]) => t?.formatted);
  return (
    <article className={styles.card} aria-labelledby={`order-${order.entity_id}`} data-testid="order">
      <h2 id={`order-${order.entity_id}`}>Order #{number}</h2>
      <p className={styles.hint}>
        {order.created_at ? new Date(order.created_at).toLocaleDateString("en-US", { dateStyle: "long" }) : null}
        {order.status_label ?? order.status ? ` · ${order.status_label ?? order.status}` : null}
      </p>
      {order.items?.length ? (
        <table className={styles.orderLines}>
          <thead><tr><th scope="col">Product</th><th scope="col">Qty</th><th scope="col">Total</th></tr></thead>
          <tbody>
            {order.items.map((item, i) => (
              <tr key={item.item_id ?? i}><td>{item.name}</td><td>{item.qty_ordered ?? item.qty}</td><td>{money(item.row_total)}</td></tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {totals.length ? (
        <dl className={styles.totals}>
          {totals.map(([key, t]) => <div key={key} style={{ display: "contents" }}><dt>{t!.title ?? key}</dt><dd>{t!.formatted}</dd></div>)}
        </dl>
      ) : order.grand_total !== undefined ? (
        <dl className={styles.totals}><dt>Grand Total</dt><dd>{money(order.grand_total)}</dd></dl>
      ) : null}
    </article>
  );
}
