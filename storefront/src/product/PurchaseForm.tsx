"use client";

import Link from "next/link";
import { useId, useMemo, useState } from "react";
import { ADD_TO_CART_LABEL, CART_COMING_SOON } from "./messages";
import { defaultBundlePicks, isSingleChoice as isSingle, preselectedAddOns, type AddOn, type BundleOption } from "./purchase";
import { useVariant } from "./useVariant";
import type { VariantView } from "./view";
import styles from "./ProductPage.module.css";

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);

const productHref = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;

/**
 * The buying part of the page: bundle choices with their total, add-ons (cross-sells; the
 * pre-selected ones checked), quantity and the add-to-cart button. Ordering online is not open yet,
 * so the button is shown disabled with a note; price on application hides it.
 */
export default function PurchaseForm({
  parentId, initial, bundleOptions, addOns, currency, showAddOns,
}: {
  parentId: string;
  initial: VariantView;
  bundleOptions: BundleOption[];
  addOns: AddOn[];
  currency: string;
  showAddOns: boolean;
}) {
  const variant = useVariant(parentId, initial);
  const formId = useId();
  const [picks, setPicks] = useState(() => defaultBundlePicks(bundleOptions));
  const [selectedAddOns, setSelectedAddOns] = useState<string[]>(() => preselectedAddOns(addOns));
  const [qty, setQty] = useState(1);

  const bundleTotal = useMemo(() => {
    let total = 0;
    for (const option of bundleOptions) {
      for (const selection of option.selections) {
        if (picks[option.option_id]?.includes(selection.selection_id)) total += selection.product.prices.final_price_without_tax * selection.qty;
      }
    }
    return total;
  }, [bundleOptions, picks]);

  const addOnTotal = addOns.filter((a) => selectedAddOns.includes(a.entity_id)).reduce((sum, a) => sum + (a.prices.poa ? 0 : a.prices.final_price_without_tax), 0);
  const canBuy = variant.prices.display_add_to_cart && !variant.prices.poa;

  const pick = (option: BundleOption, selectionId: string, checked: boolean) => {
    setPicks((current) => {
      const now = current[option.option_id] ?? [];
      const next = isSingle(option) ? [selectionId] : checked ? [...now, selectionId] : now.filter((id) => id !== selectionId);
      return { ...current, [option.option_id]: next };
    });
  };

  return (
    <form className={styles.purchase} aria-label="Buy this product" onSubmit={(event) => event.preventDefault()}>
      {bundleOptions.length > 0 ? (
        <div className={styles.bundle}>
          <h2 className={styles.subheading}>Choose your package</h2>
          {[...bundleOptions].sort((a, b) => a.position - b.position).map((option) => (
            <fieldset key={option.option_id} className={styles.bundleOption}>
              <legend>
                {option.title}
                {option.required ? <span className={styles.required}> (required)</span> : null}
              </legend>
              {[...option.selections].sort((a, b) => a.position - b.position).map((selection) => {
                const id = `${formId}-b${option.option_id}-${selection.selection_id}`;
                const checked = picks[option.option_id]?.includes(selection.selection_id) ?? false;
                return (
                  <div key={selection.selection_id} className={styles.choice}>
                    <input
                      id={id}
                      type={isSingle(option) ? "radio" : "checkbox"}
                      name={`${formId}-bundle-${option.option_id}`}
                      checked={checked}
                      onChange={(event) => pick(option, selection.selection_id, event.target.checked)}
                    />
                    <label htmlFor={id}>
                      {selection.qty > 1 ? `${selection.qty} × ` : ""}{selection.product.name}
                      <span className={styles.choicePrice}>{selection.product.prices.final_price_without_tax_formatted}</span>
                    </label>
                  </div>
                );
              })}
            </fieldset>
          ))}
          <p className={styles.bundleTotal} aria-live="polite">
            Selections total: <strong data-testid="bundle-total">{money(bundleTotal, currency)}</strong>
          </p>
        </div>
      ) : null}

      {showAddOns && addOns.length > 0 ? (
        <fieldset className={styles.addOns}>
          <legend className={styles.subheading}>Add-ons</legend>
          {addOns.map((addOn) => {
            const id = `${formId}-addon-${addOn.entity_id}`;
            return (
              <div key={addOn.entity_id} className={styles.choice}>
                <input
                  id={id}
                  type="checkbox"
                  checked={selectedAddOns.includes(addOn.entity_id)}
                  onChange={(event) => setSelectedAddOns((now) => event.target.checked ? [...now, addOn.entity_id] : now.filter((x) => x !== addOn.entity_id))}
                />
                <label htmlFor={id}>
                  {addOn.name}
                  <span className={styles.choicePrice}>{addOn.prices.poa ? "Price on request" : addOn.prices.final_price_without_tax_formatted}</span>
                </label>
                <Link className={styles.addOnLink} href={productHref(addOn.url_key)} prefetch={false}>
                  Details<span className="visually-hidden"> of {addOn.name}</span>
                </Link>
              </div>
            );
          })}
          {addOnTotal > 0 ? <p className={styles.addOnTotal}>Add-ons: {money(addOnTotal, currency)}</p> : null}
        </fieldset>
      ) : null}

      {canBuy ? (
        <div className={styles.buyRow}>
          <div className={styles.qty}>
            <label htmlFor={`${formId}-qty`}>Quantity</label>
            <input
              id={`${formId}-qty`}
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              value={qty}
              onChange={(event) => setQty(Math.max(1, Math.min(99, Number(event.target.value) || 1)))}
            />
          </div>
          <button type="submit" className={`button button--primary ${styles.addToCart}`} disabled aria-describedby={`${formId}-soon`}>
            {ADD_TO_CART_LABEL}
          </button>
          <p id={`${formId}-soon`} className={styles.soon}>{CART_COMING_SOON}</p>
        </div>
      ) : null}
    </form>
  );
}
