"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { inOwnTask } from "@/lib/ownTask";
import { CART_REFRESH_EVENT } from "@/account/sync";
import { fetchCart } from "./actions";
import { ADDED_TO_CART, cartReminderText } from "./messages";
import { cartCount, notificationClosed } from "./state";
import styles from "./Cart.module.css";

/**
 * The header's cart link with its count, and the add-to-cart notification. The count is read by
 * the browser after the page loads: pages carry nothing personal, so they can be cached.
 */
export default function HeaderCart() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(cartCount);
  const fetched = useAppSelector((s) => s.cart.status.fetch_info);
  useEffect(() => {
    const cancel = fetched === "uncalled" ? inOwnTask(() => void fetchCart(dispatch)) : undefined;
    // once per page: later cart operations refresh the cart themselves; signing in, up or out
    // changes whose cart it is, so the account code asks for a refresh
    const refresh = () => void fetchCart(dispatch);
    window.addEventListener(CART_REFRESH_EVENT, refresh);
    return () => {
      cancel?.();
      window.removeEventListener(CART_REFRESH_EVENT, refresh);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const label = `Cart, ${count} ${count === 1 ? "item" : "items"}`;
  return (
    <>
      <Link href="/checkout/cart" className={styles.headerCart} prefetch={false} aria-label={label} data-testid="header-cart">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4H2V2h4.8l.9 2H21l-3.6 8.4a2 2 0 0 1-1.8 1.1H8.1l-1 1.8V16h12v2H7a2 2 0 0 1-1.7-3l1.3-2.4L5.2 4z" />
        </svg>
        <span className={styles.headerCartLabel} aria-hidden="true">Cart</span>
        <span className={styles.badge} aria-hidden="true" data-testid="header-cart-count">{count}</span>
      </Link>
      <AddedNotification />
      <CartReminder />
    </>
  );
}

/** "Added to your cart" with the names added and the way to the cart; closes on Escape or its button. */
function AddedNotification() {
  const dispatch = useAppDispatch();
  const notification = useAppSelector((s) => s.cart.notification);
  const count = useAppSelector(cartCount);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!notification) return;
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => { if (event.key === "Escape") dispatch(notificationClosed()); };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [notification, dispatch]);
  if (!notification) return null;
  return (
    <div ref={ref} className={styles.notification} role="dialog" aria-labelledby="cart-added-title" tabIndex={-1} data-testid="cart-notification">
      <div className={styles.notificationHead}>
        <h2 id="cart-added-title" className={styles.notificationTitle}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" /></svg>
          {ADDED_TO_CART}
        </h2>
        <button type="button" className={styles.close} onClick={() => dispatch(notificationClosed())} aria-label="Close">×</button>
      </div>
      <ul className={styles.notificationList}>
        {notification.names.map((name, i) => <li key={`${i}-${name}`}>{name}</li>)}
      </ul>
      <p className={styles.notificationCount}>{count} {count === 1 ? "item" : "items"} in your cart</p>
      <div className={styles.notificationActions}>
        <Link href="/checkout/cart" className="button button--primary" prefetch={false} onClick={() => dispatch(notificationClosed())}>View cart &amp; checkout</Link>
        <button type="button" className="button button--secondary" onClick={() => dispatch(notificationClosed())}>Continue shopping</button>
      </div>
    </div>
  );
}

const REMINDER_KEY = "cart-reminder-shown";

/**
 * The products-in-cart reminder (spec 001 §9, on by default): once per browser session, a shopper
 * who comes back with products in the cart is told so, except on the checkout pages themselves.
 */
function CartReminder() {
  const count = useAppSelector(cartCount);
  const fetched = useAppSelector((s) => s.cart.status.fetch_info);
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || (fetched !== "success" && fetched !== "failure")) return;
    // the page's first answer decides: an add on this page is not a return visit
    decided.current = true;
    if (fetched !== "success" || count === 0 || pathname.startsWith("/checkout")) return;
    try {
      if (window.sessionStorage.getItem(REMINDER_KEY)) return;
      window.sessionStorage.setItem(REMINDER_KEY, "1");
    } catch {
      return;
    }
    setOpen(true);
  }, [fetched, count, pathname]);
  if (!open) return null;
  return (
    <div className={styles.notification} role="dialog" aria-labelledby="cart-reminder-title" data-testid="cart-reminder">
      <div className={styles.notificationHead}>
        <h2 id="cart-reminder-title" className={styles.notificationTitle}>{cartReminderText(count)}</h2>
        <button type="button" className={styles.close} onClick={() => setOpen(false)} aria-label="Close">×</button>
      </div>
      <div className={styles.notificationActions}>
        <Link href="/checkout/cart" className="button button--primary" prefetch={false} onClick={() => setOpen(false)}>View cart</Link>
      </div>
    </div>
  );
}
