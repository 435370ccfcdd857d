"use client";

import AddToCartButton, { addToCartButtonHtml } from "@/cart/AddToCartButton";
import RebateButton, { rebateButtonHtml } from "@/promotions/RebateButton";
import WishlistButton, { wishlistButtonHtml } from "@/wishlist/WishlistButton";
import CompareButton, { compareButtonHtml } from "@/compare/CompareButton";
import { useHydrated } from "@/lib/hydrated";
import styles from "./ProductCard.module.css";

export interface TileActionsProps {
  productId: string;
  productName: string;
  /** a simple product the store sells online: an add-to-cart button */
  addToCart: boolean;
  /** how many rebate programmes the product has (0: no rebate button) */
  rebates: number;
  wishlist: boolean;
  compare: boolean;
}

/** The tile's buttons as the server draws them, as markup (each beside its component). */
export function tileActionsHtml({ productId, productName, addToCart, rebates, wishlist, compare }: TileActionsProps): string {
  return (addToCart ? addToCartButtonHtml(productName) : "") + (rebates > 0 ? rebateButtonHtml(productName, rebates) : "")
    + (wishlist ? wishlistButtonHtml(productId, productName) : "") + (compare ? compareButtonHtml(productId, productName) : "");
}

/**
 * A tile's controls as one client component: the page's flight data carries the product's id and
 * name once per tile, not once per button (four times on a category page's tiles).
 *
 * Until the page has hydrated the buttons are disabled (each needs script), so the server writes
 * them as markup and hydration keeps it (React does not compare it) instead of rendering four
 * components per tile on the server and walking them in the browser. Once hydrated, the live
 * buttons take its place (new elements: a click on the markup would not be replayed, hence
 * disabled); a tile drawn after a client navigation has them at once.
 */
export default function TileActions(props: TileActionsProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    const html = typeof window === "undefined" ? tileActionsHtml(props) : "";
    return <div className={styles.buttons} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
  }
  const { productId, productName, addToCart, rebates, wishlist, compare } = props;
  return (
    <div className={styles.buttons}>
      {addToCart && <AddToCartButton productId={productId} productName={productName} />}
      {rebates > 0 && <RebateButton productId={productId} productName={productName} count={rebates} />}
      {wishlist && <WishlistButton productId={productId} productName={productName} />}
      {compare && <CompareButton productId={productId} productName={productName} />}
    </div>
  );
}
