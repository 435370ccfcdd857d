import type { CatalogProduct } from "@store/contract";
import WishlistButton from "@/wishlist/WishlistButton";
import CompareButton from "@/compare/CompareButton";
import RebateButton from "@/promotions/RebateButton";
import ProductCard from "./ProductCard";
import AddToCartButton from "@/cart/AddToCartButton";

export interface TileOptions {
  layout: "grid" | "list";
  outletCallout: string;
  wishlist: boolean;
  compare: boolean;
  /** checkout is open: simple products get an add-to-cart button */
  addToCart?: boolean;
}

/** A listing tile: the product card with wishlist, compare and rebate controls as configured. */
export default function ProductTile({ product, options, priority = false }: { product: CatalogProduct; options: TileOptions; priority?: boolean }) {
  const promotions = product.promotions ?? [];
  const buyable = !!options.addToCart && product.type_id === "simple" && product.prices.display_add_to_cart && !product.prices.poa;
  const actions = options.wishlist || options.compare || promotions.length > 0 || buyable ? (
    <>
      {buyable && <AddToCartButton productId={product.entity_id} productName={product.name} />}
      {promotions.length > 0 && <RebateButton productId={product.entity_id} productName={product.name} count={promotions.length} />}
      {options.wishlist && <WishlistButton productId={product.entity_id} productName={product.name} />}
      {options.compare && <CompareButton productId={product.entity_id} productName={product.name} />}
    </>
  ) : undefined;
  return (
    <ProductCard product={product} layout={options.layout} priority={priority} outletCallout={options.outletCallout} actions={actions} />
  );
}
