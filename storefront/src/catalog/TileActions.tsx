"use client";

import AddToCartButton from "@/cart/AddToCartButton";
import RebateButton from "@/promotions/RebateButton";
import WishlistButton from "@/wishlist/WishlistButton";
import CompareButton from "@/compare/CompareButton";

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

/**
 * A tile's controls as one client component: the page's flight data carries the product's id and
 * name once per tile, not once per button (four times on a category page's tiles).
 */
export default function TileActions({ productId, productName, addToCart, rebates, wishlist, compare }: TileActionsProps) {
  return (
    <>
      {addToCart && <AddToCartButton productId={productId} productName={productName} />}
      {rebates > 0 && <RebateButton productId={productId} productName={productName} count={rebates} />}
      {wishlist && <WishlistButton productId={productId} productName={productName} />}
      {compare && <CompareButton productId={productId} productName={productName} />}
    </>
  );
}
