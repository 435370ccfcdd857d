"use client";

import AddToCartButton from "@/cart/AddToCartButton";
import RebateButton from "@/promotions/RebateButton";
import WishlistButton from "@/wishlist/WishlistButton";
import CompareButton from "@/compare/CompareButton";
import { useHydrated } from "@/lib/hydrated";
import { tileActionsHtml, type TileActionsProps } from "./cardHtml";
import styles from "./ProductCard.module.css";

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
  return <div className={styles.buttons}><TileButtons {...props} /></div>;
}

/** A tile's live buttons. */
export function TileButtons({ productId, productName, addToCart, rebates, wishlist, compare }: TileActionsProps) {
  return (
    <>
      {addToCart && <AddToCartButton productId={productId} productName={productName} />}
      {rebates > 0 && <RebateButton productId={productId} productName={productName} count={rebates} />}
      {wishlist && <WishlistButton productId={productId} productName={productName} />}
      {compare && <CompareButton productId={productId} productName={productName} />}
    </>
  );
}
