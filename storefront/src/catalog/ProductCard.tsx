import type { ReactNode } from "react";
import type { ProductListItem } from "@store/contract";
import type { SiteConfig } from "@store/contract";
import { DEFAULT_OUTLET_CALLOUT } from "@/product/messages";
import { flagSlots, inkOn, safeColor, type Flag } from "./flags";
import { markupRef } from "@/lib/html";
import StaticMarkup from "@/lib/StaticMarkup";
import type { ImagePreload } from "@/lib/ImagePreloads";
import { cardAttributes, cardInsideHtml, detailsHtml, pictureHtml, priorityImage, type CardData, type CardFlag } from "./cardHtml";
import ProductCardView, { type ProductCardViewProps, type WrittenCard } from "./ProductCardView";

/** Listing extras a catalogue product carries beyond the shared tile (all optional). */
export interface ProductCardExtras {
  product_flags?: Flag[];
  is_outlet?: boolean;
  outlets_count?: number;
  outlets_min_price?: { amount: number; formatted: string } | null;
  promotions?: string[];
  model_number?: string;
}

export interface ProductCardProps {
  product: ProductListItem & ProductCardExtras;
  layout?: "grid" | "list";
  /** the first row of a listing: load the image eagerly with high fetch priority (LCP) */
  priority?: boolean;
  /** the outlet products callout text from the site config */
  outletCallout?: string;
  /** heading level of the product name (default h3, below the page's h1/h2) */
  headingLevel?: 2 | 3 | 4;
  /** interactive bits (wishlist, compare, rebate) rendered by the caller */
  actions?: ReactNode;
  /**
   * the `sizes` attribute of the image. Without it the picture is offered at 1x and 2x of its
   * 300 px box (a short srcset: tiles are at most about 300 px wide at every breakpoint).
   */
  sizes?: string;
  /**
   * the card is always in the page's HTML and hydrated there (a listing's grid, a carousel's first
   * set; not a carousel's later sets, not inside markup kept unhydrated): in a document's render
   * its markup is written here and the payload carries only a reference to it
   */
  alwaysDrawn?: boolean;
}


export function productHref(urlKey: string): string {
  return `/product/${encodeURIComponent(urlKey)}`;
}

const cardFlag = (flag: Flag): CardFlag => {
  const bg = safeColor(flag.color);
  return bg ? { text: flag.text, bg, ink: inkOn(bg) } : { text: flag.text };
};

/** The callout on outlet (open-box) products' cards: the store's configured text, else the default. */
export const outletCalloutOf = (config: SiteConfig) => config.outlet_products_callout || DEFAULT_OUTLET_CALLOUT;

/** What the card shows of a listing product (CardData): prices decided, flags placed, nothing else. */
export function cardData(product: ProductCardProps["product"], outletCallout = DEFAULT_OUTLET_CALLOUT): CardData {
  const p = product.prices;
  const flags = flagSlots(product.product_flags);
  const image = product.image_url.normal || product.image_url.small;
  const card: CardData = {
    id: product.entity_id, href: productHref(product.url_key), name: product.name,
    rating: product.reviews_rating, count: product.reviews_count,
  };
  if (product.manufacturer) card.brand = product.manufacturer;
  if (product.model_number) card.model = product.model_number;
  if (image) card.image = image;
  if (flags.corner) card.corner = cardFlag(flags.corner);
  if (flags.price.some(Boolean)) card.priceFlags = flags.price.map((f) => (f ? cardFlag(f) : null));
  if (flags.special.length > 0) card.special = flags.special.map(cardFlag);
  if (!p.poa && p.display_price) {
    card.price = p.display_price.formatted;
    if (p.discount !== null && p.regular_price_without_tax > p.final_price_without_tax) {
      card.regular = p.regular_price_without_tax_formatted;
      if (p.discount) card.save = p.discount.formatted;
    }
    if (p.msrp_enabled && p.msrp && p.msrp.amount > p.final_price_without_tax) card.msrp = p.msrp.formatted;
  }
  if (product.is_outlet || (product.outlets_count ?? 0) > 0) {
    card.outlet = { label: outletCallout };
    if (!product.is_outlet && product.outlets_min_price) card.outlet.from = product.outlets_min_price.formatted;
  }
  return card;
}

/** The pictures of the cards drawn with priority (a page's first row), as its head asks for them (lib/ImagePreloads). */
export function priorityImages(products: ProductCardProps["product"][], priority: (index: number) => boolean, outletCallout: string, sizes?: string): ImagePreload[] {
  return products.flatMap((product, i) => (priority(i) && priorityImage(cardData(product, outletCallout), sizes)) || []);
}

/**
 * A product tile for grids, lists and carousels (spec 002 §2): picture, name linking to the product
 * page, brand, rating, prices, flags and the open-box callout. Server-compatible: no state, no
 * effects. The product is reduced to its CardData here, and ProductCardView draws that; a card
 * always drawn is written here instead where the document can carry it by reference (lib/html):
 * one with no buttons as a single element kept as written, one with buttons as its picture and
 * words beside them.
 */
export default function ProductCard({
  product, layout = "grid", priority = false, outletCallout = DEFAULT_OUTLET_CALLOUT, headingLevel = 3, actions, sizes, alwaysDrawn = false,
}: ProductCardProps) {
  const data = cardData(product, outletCallout);
  if (alwaysDrawn && actions === undefined) {
    // nothing on it is live: the whole card is one element kept as written
    const inside = markupRef(() => cardInsideHtml(data, { priority, sizes, headingLevel }));
    if (inside) {
      const { class: className, ...attributes } = cardAttributes(data, layout);
      return <StaticMarkup as="article" className={className} {...attributes} html={inside} />;
    }
  }
  let card: CardData | WrittenCard = data;
  const picture = alwaysDrawn ? markupRef(() => pictureHtml(data, priority, sizes)) : undefined;
  if (picture) card = { id: data.id, picture, details: markupRef(() => detailsHtml(data, headingLevel))! };
  // only what differs from the view's defaults: each card's props travel in the page's payload
  const view: ProductCardViewProps = { card };
  if (layout !== "grid") view.layout = layout;
  if (priority) view.priority = true;
  if (headingLevel !== 3) view.headingLevel = headingLevel;
  if (actions !== undefined) view.actions = actions;
  if (sizes !== undefined) view.sizes = sizes;
  return <ProductCardView {...view} />;
}
