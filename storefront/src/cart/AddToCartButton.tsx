"use client";

import { useState } from "react";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { useHydrated } from "@/lib/hydrated";
import { addToCart } from "./actions";
import { ADD_TO_CART_LABEL } from "./addToCartButtonHtml";
import styles from "./Cart.module.css";

/** A listing tile's add-to-cart: one unit of a simple product; the failure text shows under it. */
export default function AddToCartButton({ productId, productName }: { productId: string; productName: string }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  const error = useAppSelector((s) => s.cart.errors.add_cart_products);
  const add = async () => {
    setBusy(true);
    const ok = await addToCart(dispatch, [{ product_id: Number(productId), qty: 1 }], [productName]);
    setFailed(!ok);
    setBusy(false);
  };
  return (
    <div className={styles.tileAdd}>
      <button type="button" className="button button--primary" onClick={add} disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Adding…" : ADD_TO_CART_LABEL}<span className="visually-hidden"> {productName}</span>
      </button>
      {failed && error ? <p className={styles.error} role="alert">{error}</p> : null}
    </div>
  );
}
