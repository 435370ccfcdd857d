"use client";

import { useCallback } from "react";
import { useStore } from "react-redux";
import type { ProductDetail } from "@store/contract";
import { clientGet, clientPathParam } from "@/lib/client-api";
import { useAppSelector, type AppStore } from "@/lib/store";
import { PRODUCT_FETCH_ERROR } from "./messages";
import { swatchChosen, variantFailed, variantLoaded, variantPending } from "./state";
import { orderedAttributes, queryForChoice, selectSwatch, type SwatchChoice } from "./swatch";
import { previewOf, variantOf, type SwatchData } from "./view";
import styles from "./ProductPage.module.css";

const CHILD_EMBED = "images,assets";

async function fetchChild(id: string): Promise<ProductDetail> {
  return clientGet<ProductDetail>(`/products/${clientPathParam(id)}?embed=${CHILD_EMBED}`);
}

/** Write the choice into the address bar so the page can be shared with it. */
function updateUrl(data: SwatchData, choice: SwatchChoice) {
  const url = new URL(window.location.href);
  for (const attribute of data.attributes) url.searchParams.delete(attribute.code);
  const query = new URLSearchParams(queryForChoice(data, choice));
  query.forEach((value, key) => url.searchParams.set(key, value));
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Swatches of a configurable product: one radio group per swatch attribute. Choosing one applies
 * the selection rule, shows the child's list data at once, fetches the child (falling back to the
 * default child when that fails) and puts the choice in the URL.
 */
export default function SwatchPicker({ data, initialChoice }: { data: SwatchData; initialChoice: SwatchChoice }) {
  const store = useStore() as AppStore;
  const selection = useAppSelector((state) => state.product.selection[data.entity_id]);
  const error = useAppSelector((state) => state.product.error[data.entity_id] ?? null);
  const choice = selection?.choice ?? initialChoice;
  const attributes = orderedAttributes(data);

  const show = useCallback(async (productId: string, next: SwatchChoice, allowFallback: boolean) => {
    const child = data.simple_products.find((p) => p.entity_id === productId);
    store.dispatch(swatchChosen({ parentId: data.entity_id, choice: next, productId, preview: child ? previewOf(child) : null }));
    store.dispatch(variantPending({ productId }));
    try {
      const product = await fetchChild(productId);
      store.dispatch(variantLoaded({ parentId: data.entity_id, variant: variantOf(product) }));
    } catch {
      store.dispatch(variantFailed({ parentId: data.entity_id, productId, message: PRODUCT_FETCH_ERROR }));
      const fallback = data.configurable_default_simple_id;
      if (allowFallback && fallback && fallback !== productId) {
        const fallbackChoice = selectSwatch(data).choice;
        updateUrl(data, fallbackChoice);
        await show(fallback, fallbackChoice, false);
      }
    }
  }, [data, store]);

  const choose = (code: string, value: string) => {
    const wanted = { ...choice, [code]: value };
    // a later attribute may be chosen on its own: keep the first attribute's value as it is
    const result = selectSwatch(data, wanted);
    if (!result.productId) return;
    updateUrl(data, result.choice);
    void show(result.productId, result.choice, true);
  };

  return (
    <div className={styles.swatches}>
      {attributes.map((attribute) => {
        const selected = attribute.options.find((o) => o.value === choice[attribute.code]);
        return (
          <fieldset key={attribute.attribute_id} className={styles.swatchGroup}>
            <legend className={styles.swatchLegend}>
              {attribute.label}: <span className={styles.swatchValue}>{selected?.label ?? "Choose an option"}</span>
            </legend>
            <div className={styles.swatchOptions}>
              {attribute.options.map((option) => {
                const id = `swatch-${data.entity_id}-${attribute.code}-${option.option_id}`;
                const color = option.swatch && /^#[0-9a-f]{3,8}$/i.test(option.swatch) ? option.swatch : null;
                return (
                  <span key={option.option_id} className={styles.swatch}>
                    <input
                      type="radio"
                      id={id}
                      name={`swatch-${data.entity_id}-${attribute.code}`}
                      value={option.value}
                      checked={option.value === choice[attribute.code]}
                      disabled={option.products.length === 0}
                      onChange={() => choose(attribute.code, option.value)}
                      // the option shown by default is not chosen yet: choosing it (a click, Space) counts
                      onClick={() => { if (!selection && option.value === choice[attribute.code]) choose(attribute.code, option.value); }}
                      className={styles.swatchInput}
                    />
                    <label htmlFor={id} className={styles.swatchLabel} title={option.label}>
                      {color ? <span className={styles.swatchChip} style={{ background: color }} aria-hidden="true" /> : null}
                      <span className={color ? "visually-hidden" : undefined}>{option.label}</span>
                    </label>
                  </span>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {error ? <p className={styles.error} role="alert">{error}</p> : null}
    </div>
  );
}
