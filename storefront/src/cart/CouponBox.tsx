"use client";

import { useState, type FormEvent } from "react";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { SubmitButton } from "@/lib/SubmitButton";
import { applyCoupon } from "./actions";
import styles from "./Cart.module.css";

/** The coupon code: apply one, or remove the one applied; a code the api refuses shows its reason. */
export default function CouponBox() {
  const code = useAppSelector((s) => s.cart.cart?.info.coupon_code ?? null);
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.cart.status.add_coupon_code);
  const error = useAppSelector((s) => s.cart.errors.add_coupon_code);
  const [value, setValue] = useState("");
  const submit = (e: FormEvent) => { e.preventDefault(); if (value.trim()) void applyCoupon(dispatch, value.trim()); };
  if (code) {
    return (
      <div className={styles.field}>
        <p className={styles.success} role="status">Coupon <strong>{code}</strong> applied</p>
        <button type="button" className={styles.linkButton} onClick={() => void applyCoupon(dispatch, null)} disabled={status === "loading"}>Remove coupon</button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} aria-label="Apply a coupon">
      <div className={styles.inline}>
        <div className={styles.field}>
          <label htmlFor="coupon-code">Coupon code</label>
          <input id="coupon-code" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" aria-invalid={!!error} aria-describedby={error ? "coupon-error" : undefined} />
        </div>
        <SubmitButton className="button button--secondary" disabled={status === "loading" || !value.trim()}>Apply</SubmitButton>
      </div>
      {error ? <p id="coupon-error" className={styles.error} role="alert">{error}</p> : null}
    </form>
  );
}

