"use client";

import { useVariant } from "./useVariant";
import type { VariantView } from "./view";
import styles from "./ProductPage.module.css";

/** Model and SKU of the product, or of the chosen child of a configurable product. */
export default function VariantSku({ parentId, initial, model }: { parentId: string; initial: VariantView; model: string }) {
  const variant = useVariant(parentId, initial);
  return (
    <dl className={styles.ids}>
      {model ? (
        <div>
          <dt>Model</dt>
          <dd>{model}</dd>
        </div>
      ) : null}
      <div>
        <dt>SKU</dt>
        <dd data-testid="product-sku">{variant.sku}</dd>
      </div>
    </dl>
  );
}
