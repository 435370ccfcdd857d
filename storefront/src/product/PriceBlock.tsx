"use client";

import { useAppSelector } from "@/lib/store";
import { numberFormat } from "@/lib/intl";
import { IN_STOCK_TEXT, OUT_OF_STOCK_TEXT, POA_TEXT, SALE_ENDS_PREFIX } from "./messages";
import { bundlePrices, type BundleOption } from "./purchase";
import { useVariant } from "./useVariant";
import type { VariantView } from "./view";
import styles from "./ProductPage.module.css";

/**
 * Prices of the product (or of the chosen child): final price, the regular price struck through
 * with the saving, MSRP, the sale end date (day and short month, Los Angeles time), and price on
 * application instead of all of them.
 */
export default function PriceBlock({ parentId, initial, afterRebates, afterRebatesAmount, bundleOptions = [], currency = "USD" }: {
  parentId: string;
  initial: VariantView;
  afterRebates?: string | null;
  /** the after-rebates amount for the package's default pieces (it moves with the package price) */
  afterRebatesAmount?: number | null;
  /** a package's options: its price follows the pieces chosen in the purchase form */
  bundleOptions?: BundleOption[];
  currency?: string;
}) {
  const variant = useVariant(parentId, initial);
  const picks = useAppSelector((state) => state.product.bundlePicks[parentId]);
  const p = picks ? bundlePrices(variant.prices, bundleOptions, picks, currency) : variant.prices;
  if (p !== variant.prices && afterRebates && typeof afterRebatesAmount === "number") {
    const moved = afterRebatesAmount + p.final_price_without_tax - variant.prices.final_price_without_tax;
    afterRebates = numberFormat("en-US", { style: "currency", currency }).format(Math.max(0, moved));
  }
  if (p.poa || !p.display_price) {
    return (
      <div className={styles.prices} data-testid="product-price">
        <p className={styles.poa}>{POA_TEXT}</p>
      </div>
    );
  }
  const discounted = p.discount !== null && p.regular_price_without_tax > p.final_price_without_tax;
  const msrp = p.msrp_enabled && p.msrp && p.msrp.amount > p.final_price_without_tax ? p.msrp : null;
  // written on the server with the variant (a package's prices keep the variant's sale and its end)
  const saleEnds = variant.sale_ends;
  return (
    <div className={styles.prices} data-testid="product-price">
      <p className={styles.finalPrice}>
        <span className="visually-hidden">{discounted ? "Sale price" : "Price"} </span>
        <span data-testid="final-price">{p.display_price.formatted}</span>
      </p>
      {discounted ? (
        <p className={styles.regularPrice}>
          <span className="visually-hidden">Regular price </span>
          <s>{p.regular_price_without_tax_formatted}</s>
          {p.discount ? <span className={styles.save}>Save {p.discount.formatted} ({p.discount.percent}%)</span> : null}
        </p>
      ) : null}
      {msrp ? <p className={styles.msrp}>MSRP <s>{msrp.formatted}</s></p> : null}
      {saleEnds ? (
        <p className={styles.saleEnds}>
          {SALE_ENDS_PREFIX} <time dateTime={saleEnds.iso}>{saleEnds.text}</time>
        </p>
      ) : null}
      {afterRebates ? <p className={styles.afterRebates}>As low as <strong>{afterRebates}</strong> after rebates and savings</p> : null}
      <p className={variant.in_stock ? styles.inStock : styles.outOfStock} data-testid="availability">
        {variant.in_stock ? IN_STOCK_TEXT : OUT_OF_STOCK_TEXT}
      </p>
    </div>
  );
}
