"use client";

import { CARD_TYPE_CODES, cardTypeCodes, detectCardType } from "@store/contract/payment";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { CARD_TYPE_NAMES } from "./cardNames";
import { cardChanged, type CardInfo } from "./state";
import styles from "./Checkout.module.css";

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));

/**
 * The card form (spec 001 §2, §3): type, number, security code, expiry month and year. The type
 * follows the number as it is typed (the shopper may still change it); the checks of §5 run when
 * the order is placed, and their text shows here.
 */
export default function CardForm() {
  const dispatch = useAppDispatch();
  const card = useAppSelector((s) => s.cart.card);
  const error = useAppSelector((s) => s.cart.cardError);
  const year = new Date().getFullYear();
  const years = Array.from({ length: 12 }, (_, i) => String(year + i));
  const set = (patch: Partial<CardInfo>) => dispatch(cardChanged(patch));
  const onNumber = (value: string) => {
    const detected = detectCardType(value);
    set(detected ? { cc_number: value, cc_type: detected } : { cc_number: value });
  };
  const invalid = !!error;
  return (
    <div data-testid="card-form">
      <div className={styles.field}>
        <label htmlFor="cc-type">Card type</label>
        <select id="cc-type" value={card.cc_type} onChange={(e) => set({ cc_type: e.target.value })} aria-invalid={invalid}>
          <option value="">Choose…</option>
          {cardTypeCodes.filter((c) => c in CARD_TYPE_CODES).map((c) => <option key={c} value={c}>{CARD_TYPE_NAMES[c] ?? c}</option>)}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="cc-number">Card number</label>
        <input id="cc-number" inputMode="numeric" autoComplete="cc-number" value={card.cc_number} onChange={(e) => onNumber(e.target.value)} aria-invalid={invalid} aria-describedby={error ? "card-error" : undefined} />
      </div>
      <div className={styles.cardGrid}>
        <div className={styles.field}>
          <label htmlFor="cc-exp-month">Expiry month</label>
          <select id="cc-exp-month" autoComplete="cc-exp-month" value={card.cc_exp_month} onChange={(e) => set({ cc_exp_month: e.target.value })}>
            <option value="">MM</option>
            {MONTHS.map((m) => <option key={m} value={m}>{m.padStart(2, "0")}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="cc-exp-year">Expiry year</label>
          <select id="cc-exp-year" autoComplete="cc-exp-year" value={card.cc_exp_year} onChange={(e) => set({ cc_exp_year: e.target.value })}>
            <option value="">YYYY</option>
            {years.map((y) => <option key={y} value={y}>{y}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="cc-cid">Security code</label>
          <input id="cc-cid" inputMode="numeric" autoComplete="cc-csc" maxLength={4} value={card.cc_cid} onChange={(e) => set({ cc_cid: e.target.value })} aria-invalid={invalid} />
        </div>
      </div>
      {error ? <p id="card-error" className={styles.fieldError} role="alert" data-testid="card-error">{error}</p> : null}
    </div>
  );
}
