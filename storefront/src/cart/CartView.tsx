"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import type { CartAnswer, CartItem, ProductDetail, ProductListItem } from "@store/contract";
import { clientGet } from "@/lib/client-api";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { SubmitButton } from "@/lib/SubmitButton";
import { addToCart, fetchCart, removeAddon, removeProduct, sendCartEmail, updateQty } from "./actions";
import { EMAIL_CART_SENT, EMPTY_CART } from "./messages";
import Totals from "./Totals";
import CouponBox from "./CouponBox";
import styles from "./Cart.module.css";

const SUGGESTION_LIMIT = 3;
const productHref = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;
const parentsOf = (item: CartItem) => item.crosssell_parent_id.split(",").filter(Boolean).map(Number);

/** Lines in the order added, each main product followed by the add-on lines linked to it. */
export function groupLines(cart: CartAnswer): Array<{ item: CartItem; addons: CartItem[] }> {
  const items = cart.itemList?.map((id) => cart.items?.[String(id)]).filter((i): i is CartItem => !!i) ?? Object.values(cart.items ?? {});
  const mains = items.filter((i) => parentsOf(i).length === 0 || !parentsOf(i).some((p) => items.some((m) => m.product_id === p)));
  return mains.map((item) => ({ item, addons: items.filter((a) => a !== item && parentsOf(a).includes(item.product_id)) }));
}

/** /checkout/cart: lines, quantities, add-ons, suggestions, totals, coupon and email-the-cart. */
export default function CartView() {
  const dispatch = useAppDispatch();
  const cart = useAppSelector((s) => s.cart.cart);
  const status = useAppSelector((s) => s.cart.status);
  const errors = useAppSelector((s) => s.cart.errors);
  useEffect(() => { if (status.fetch_info === "uncalled") void fetchCart(dispatch); }, [status.fetch_info, dispatch]);

  const busy = ["update_product_qty", "remove_product", "remove_addon", "add_coupon_code", "add_cart_products"].some((op) => status[op as keyof typeof status] === "loading");
  const lineError = errors.update_product_qty ?? errors.remove_product ?? errors.remove_addon ?? errors.add_addon;

  if (!cart && status.fetch_info !== "failure") {
    return <div className={styles.page} aria-busy="true"><h1 className={styles.title}>Shopping Cart</h1><div className={styles.skeleton} /><p className="visually-hidden">Loading your cart…</p></div>;
  }
  if (!cart) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Shopping Cart</h1>
        <p className={styles.error} role="alert">{errors.fetch_info}</p>
        <button type="button" className="button button--secondary" onClick={() => void fetchCart(dispatch)}>Try again</button>
      </div>
    );
  }
  const groups = groupLines(cart);
  if (groups.length === 0) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Shopping Cart</h1>
        <div className={styles.empty} data-testid="cart-empty">
          <p>{EMPTY_CART}</p>
          <Link href="/" className="button button--primary" prefetch={false}>Continue shopping</Link>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Shopping Cart <span className={styles.lineMeta}>({cart.info.qty} {cart.info.qty === 1 ? "item" : "items"})</span></h1>
      {cart.info.messages.error.map((m) => <p key={m} className={styles.error} role="alert">{m}</p>)}
      <div className={styles.layout}>
        <div>
          <ul className={styles.lines} aria-label="Items in your cart" aria-busy={busy}>
            {groups.map(({ item, addons }) => (
              <Line key={item.item_id} item={item} addons={addons} disabled={busy} />
            ))}
          </ul>
          {lineError ? <p className={styles.error} role="alert">{lineError}</p> : null}
          <Suggestions cart={cart} />
        </div>
        <aside className={styles.summary} aria-labelledby="summary-title">
          <h2 id="summary-title" className={styles.summaryTitle}>Order Summary</h2>
          <Totals cart={cart} />
          <CouponBox />
          <Link href="/checkout" className={`button button--primary ${styles.checkoutButton}`} prefetch={false}>Proceed to Checkout</Link>
          <EmailCart />
          <p className={styles.trust}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M12 1 3 5v6c0 5.5 3.8 10.7 9 12 5.2-1.3 9-6.5 9-12V5l-9-4zm0 10.9h7c-.5 4.1-3.3 7.8-7 8.9V12H5V6.3l7-3.1v8.7z" /></svg>
            Secure checkout
          </p>
        </aside>
      </div>
    </div>
  );
}

function Line({ item, addons, disabled }: { item: CartItem; addons: CartItem[]; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const [qty, setQty] = useState(String(item.qty));
  useEffect(() => setQty(String(item.qty)), [item.qty]);
  const commit = (next: number) => { if (next >= 1 && next !== item.qty) void updateQty(dispatch, item.item_id, next); };
  const discounted = item.original_price.amount > item.price.amount;
  return (
    <li className={styles.line} data-testid="cart-line" data-sku={item.sku}>
      {/* eslint-disable-next-line @next/next/no-img-element */}
      {item.image_url ? <img className={styles.lineImage} src={item.image_url} alt="" width={96} height={96} loading="lazy" /> : <span className={styles.lineImage} />}
      <div>
        <h2 className={styles.lineName}><Link href={productHref(item.url_key)} prefetch={false}>{item.name}</Link></h2>
        <p className={styles.lineMeta}>{[item.manufacturer, item.model_number && `Model ${item.model_number}`, `SKU ${item.sku}`].filter(Boolean).join(" · ")}</p>
        {item.bundle_selections.length > 0 ? (
          <p className={styles.lineMeta}>Includes: {item.bundle_selections.map((s) => `${s.qty > 1 ? `${s.qty} × ` : ""}${s.name}`).join(", ")}</p>
        ) : null}
        <div className={styles.lineControls}>
          <div className={styles.qty} role="group" aria-label={`Quantity of ${item.name}`}>
            <button type="button" onClick={() => commit(item.qty - 1)} disabled={disabled || item.qty <= 1} aria-label="Decrease quantity">−</button>
            <input
              type="number" inputMode="numeric" min={1} max={999} value={qty} aria-label="Quantity" disabled={disabled}
              onChange={(e) => setQty(e.target.value)}
              onBlur={() => commit(Number(qty))}
              onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); commit(Number(qty)); } }}
            />
            <button type="button" onClick={() => commit(item.qty + 1)} disabled={disabled} aria-label="Increase quantity">+</button>
          </div>
          <button type="button" className={styles.linkButton} onClick={() => void removeProduct(dispatch, item.item_id)} disabled={disabled}>
            Remove<span className="visually-hidden"> {item.name}</span>
          </button>
        </div>
      </div>
      <div className={styles.linePrice}>
        <strong>{item.row_total.formatted}</strong>
        {item.qty > 1 ? <span className={styles.lineMeta}>{item.price.formatted} each</span> : null}
        {discounted ? <span className={styles.was}> {item.original_price.formatted}</span> : null}
      </div>
      {addons.length > 0 ? (
        <ul className={styles.addons} aria-label={`Add-ons for ${item.name}`}>
          <li className={styles.addonsTitle}>Add-ons</li>
          {addons.map((addon) => (
            <li key={addon.item_id} data-testid="cart-addon">
              <span>{addon.name}{addon.qty > 1 ? ` × ${addon.qty}` : ""}</span>
              <span>
                {addon.row_total.formatted}{" "}
                <button type="button" className={styles.linkButton} disabled={disabled} onClick={() => void removeAddon(dispatch, addon.item_id, item.product_id)}>
                  Remove<span className="visually-hidden"> {addon.name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function EmailCart() {
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.cart.status.send_email);
  const error = useAppSelector((s) => s.cart.errors.send_email);
  const [email, setEmail] = useState("");
  return (
    <details className={styles.details}>
      <summary>Email this cart</summary>
      <form onSubmit={(e) => { e.preventDefault(); if (email.trim()) void sendCartEmail(dispatch, { to: email.trim() }); }}>
        <div className={styles.inline}>
          <div className={styles.field}>
            <label htmlFor="email-cart">Email address</label>
            <input id="email-cart" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
          </div>
          <SubmitButton className="button button--secondary" disabled={status === "loading"}>Send</SubmitButton>
        </div>
        {status === "success" ? <p className={styles.success} role="status">{EMAIL_CART_SENT}</p> : null}
        {status === "failure" && error ? <p className={styles.error} role="alert">{error}</p> : null}
      </form>
    </details>
  );
}

/** Up to 3 related or upsell products of the cart's products that are not in it yet (spec 001 §2, §9). */
function Suggestions({ cart }: { cart: CartAnswer }) {
  const dispatch = useAppDispatch();
  const [products, setProducts] = useState<ProductListItem[]>([]);
  const ids = Object.values(cart.items ?? {}).map((i) => i.product_id);
  const key = [...new Set(ids)].sort().join(",");
  useEffect(() => {
    let live = true;
    const inCart = new Set(key.split(",").filter(Boolean));
    Promise.all([...inCart].slice(0, 3).map((id) => clientGet<ProductDetail>(`/products/${id}?embed=relateds,upsells`).catch(() => null)))
      .then((details) => {
        if (!live) return;
        const seen = new Set<string>();
        const picked: ProductListItem[] = [];
        for (const d of details) for (const p of [...(d?.upsells ?? []), ...(d?.relateds ?? [])]) {
          if (picked.length >= SUGGESTION_LIMIT || seen.has(p.entity_id) || inCart.has(p.entity_id) || !p.prices.display_add_to_cart || p.prices.poa) continue;
          seen.add(p.entity_id);
          picked.push(p);
        }
        setProducts(picked);
      });
    return () => { live = false; };
  }, [key]);
  if (products.length === 0) return null;
  return (
    <section className={styles.suggestions} aria-labelledby="suggestions-title">
      <h2 id="suggestions-title" className={styles.summaryTitle}>You may also like</h2>
      <ul className={styles.suggestionList}>
        {products.map((p) => (
          <li key={p.entity_id} className={styles.suggestion} data-testid="cart-suggestion">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            {p.image_url.small ? <img src={p.image_url.small} alt="" width={120} height={120} loading="lazy" /> : null}
            <Link href={productHref(p.url_key)} prefetch={false}>{p.name}</Link>
            <strong>{p.prices.final_price_without_tax_formatted}</strong>
            {p.type_id === "simple" ? (
              <button type="button" className="button button--secondary" onClick={() => void addToCart(dispatch, [{ product_id: Number(p.entity_id), qty: 1 }], [p.name])}>
                Add<span className="visually-hidden"> {p.name}</span> to cart
              </button>
            ) : <Link href={productHref(p.url_key)} className="button button--secondary" prefetch={false}>Choose options</Link>}
          </li>
        ))}
      </ul>
    </section>
  );
}
