import type { CatalogProduct } from "@store/contract";
import ProductCard from "./ProductCard";
import TileActions from "./TileActions";

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
  // a listing's tiles are all in its HTML
  const promotions = product.promotions ?? [];
  const buyable = !!options.addToCart && product.type_id === "simple" && product.prices.display_add_to_cart && !product.prices.poa;
  const actions = options.wishlist || options.compare || promotions.length > 0 || buyable ? (
    <TileActions productId={product.entity_id} productName={product.name} addToCart={buyable} rebates={promotions.length}
      wishlist={options.wishlist} compare={options.compare} />
  ) : undefined;
  return (
    <ProductCard product={product} layout={options.layout} priority={priority} outletCallout={options.outletCallout} actions={actions} alwaysDrawn />
  );
}
