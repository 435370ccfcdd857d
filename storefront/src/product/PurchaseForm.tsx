"use client";

import Link from "next/link";
import { useId, useMemo, useState } from "react";
import { addToCart, type AddLine } from "@/cart/actions";
import { numberFormat } from "@/lib/intl";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { SubmitButton } from "@/lib/SubmitButton";
import { ADD_TO_CART_LABEL, CART_COMING_SOON } from "./messages";
import { bundleOptionBody, defaultBundlePicks, isSingleChoice as isSingle, preselectedAddOns, type AddOn, type BundleOption } from "./purchase";
import { bundlePicked } from "./state";
import { useVariant } from "./useVariant";
import type { VariantView } from "./view";
import styles from "./ProductPage.module.css";

const money = (amount: number, currency: string) =>
  numberFormat("en-US", { style: "currency", currency }).format(amount);

const productHref = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;

/** A configurable product's swatch attributes as the cart needs them: code → attribute id and option ids by value. */
export interface SuperAttribute { code: string; attribute_id: string; options: Array<{ value: string; option_id: string }> }

/**
 * The buying part of the page: bundle choices with their total, add-ons (cross-sells; the
 * pre-selected ones checked), quantity and the add-to-cart button. The product goes to the cart
 * with its chosen options (super_attribute), package selections (bundle_option) and the add-ons
 * linked to it; with checkout switched off the button stays disabled with a note. Price on
 * application hides it.
 */
export default function PurchaseForm({
  parentId, productName, initial, initialChoice = {}, superAttributes = [], bundleOptions, addOns, currency, showAddOns, checkoutOpen = true,
}: {
  parentId: string;
  productName: string;
  initial: VariantView;
  initialChoice?: Record<string, string>;
  superAttributes?: SuperAttribute[];
  bundleOptions: BundleOption[];
  addOns: AddOn[];
  currency: string;
  showAddOns: boolean;
  checkoutOpen?: boolean;
}) {
  const variant = useVariant(parentId, initial);
  const dispatch = useAppDispatch();
  const choice = useAppSelector((state) => state.product.selection[parentId]?.choice) ?? initialChoice;
  const adding = useAppSelector((state) => state.cart.status.add_cart_products === "loading");
  const addError = useAppSelector((state) => state.cart.errors.add_cart_products);
  const [tried, setTried] = useState(false);
  const formId = useId();
  // the picks live in the page's state: the price shown beside the name follows them too
  const [defaults] = useState(() => defaultBundlePicks(bundleOptions));
  const picks = useAppSelector((state) => state.product.bundlePicks[parentId]) ?? defaults;
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
    const now = picks[option.option_id] ?? [];
    const next = isSingle(option) ? [selectionId] : checked ? [...now.filter((id) => id !== selectionId), selectionId] : now.filter((id) => id !== selectionId);
    dispatch(bundlePicked({ bundleId: parentId, picks: { ...picks, [option.option_id]: next } }));
  };

  const submit = async () => {
    if (!checkoutOpen || adding) return;
    const main: AddLine = { product_id: Number(parentId), qty };
    if (superAttributes.length > 0) {
      const chosen: Record<string, number> = {};
      for (const attribute of superAttributes) {
        const option = attribute.options.find((o) => o.value === choice[attribute.code]);
        if (option) chosen[attribute.attribute_id] = Number(option.option_id);
      }
      main.super_attribute = chosen;
    }
    // every option said out loud: an optional piece left out must not come back as its default
    if (bundleOptions.length > 0) main.bundle_option = bundleOptionBody(bundleOptions, picks);
    const extras = showAddOns ? addOns.filter((a) => selectedAddOns.includes(a.entity_id)) : [];
    const lines = [main, ...extras.map((a) => ({ product_id: Number(a.entity_id), qty: 1, crosssell_parent_id: Number(parentId) }))];
    setTried(true);
    await addToCart(dispatch, lines, [productName, ...extras.map((a) => a.name)]);
  };

  return (
    <form className={styles.purchase} aria-label="Buy this product" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
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
          {checkoutOpen ? (
            <>
              <SubmitButton className={`button button--primary ${styles.addToCart}`} disabled={adding} aria-busy={adding}>
                {adding ? "Adding…" : ADD_TO_CART_LABEL}
              </SubmitButton>
              {tried && addError ? <p className={styles.addError} role="alert">{addError}</p> : null}
            </>
          ) : (
            <>
              <SubmitButton className={`button button--primary ${styles.addToCart}`} disabled aria-describedby={`${formId}-soon`}>
                {ADD_TO_CART_LABEL}
              </SubmitButton>
              <p id={`${formId}-soon`} className={styles.soon}>{CART_COMING_SOON}</p>
            </>
          )}
        </div>
      ) : null}
    </form>
  );
}
