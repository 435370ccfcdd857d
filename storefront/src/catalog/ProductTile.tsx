import type { CatalogProduct } from "@store/contract";
import { markupRef, type Markup } from "@/lib/html";
import ProductCard, { cardData } from "./ProductCard";
import TileActions from "./TileActions";
import { TILE_SEPARATOR, tileHtml, type TileActionsProps } from "./cardHtml";

export interface TileOptions {
  layout: "grid" | "list";
  outletCallout: string;
  wishlist: boolean;
  compare: boolean;
  /** checkout is open: simple products get an add-to-cart button */
  addToCart?: boolean;
}

/** A tile's buttons as configured, or undefined when it has none. */
export function tileActionsOf(product: CatalogProduct, options: TileOptions): TileActionsProps | undefined {
  const promotions = product.promotions ?? [];
  const buyable = !!options.addToCart && product.type_id === "simple" && product.prices.display_add_to_cart && !product.prices.poa;
  if (!options.wishlist && !options.compare && promotions.length === 0 && !buyable) return undefined;
  return { productId: product.entity_id, productName: product.name, addToCart: buyable, rebates: promotions.length, wishlist: options.wishlist, compare: options.compare };
}

/** A listing tile: the product card with wishlist, compare and rebate controls as configured. */
export default function ProductTile({ product, options, priority = false }: { product: CatalogProduct; options: TileOptions; priority?: boolean }) {
  const actions = tileActionsOf(product, options);
  return (
    // a listing's tiles are all in its HTML
    <ProductCard product={product} layout={options.layout} priority={priority} outletCallout={options.outletCallout}
      actions={actions ? <TileActions {...actions} /> : undefined} alwaysDrawn />
  );
}

/**
 * A listing's tiles as one run of markup (ListingGrid), with the buttons of those that have any;
 * in a document's render the markup is written here and carried once (lib/html).
 */
export function writtenTiles(products: CatalogProduct[], options: TileOptions, priority: (index: number) => boolean): { html: Markup; tiles: TileActionsProps[] } {
  const actions = products.map((product) => tileActionsOf(product, options));
  const write = () => products.map((product, i) => tileHtml(cardData(product, options.outletCallout), { layout: options.layout, priority: priority(i), actions: actions[i] })).join(TILE_SEPARATOR);
  return { html: markupRef(write) ?? write(), tiles: actions.filter((a): a is TileActionsProps => a !== undefined) };
}
