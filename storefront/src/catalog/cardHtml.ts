import { getImageProps } from "next/image";
import { element, escapeHtml } from "@/lib/html";
import type { ImagePreload } from "@/lib/ImagePreloads";
import { addToCartButtonHtml } from "@/cart/addToCartButtonHtml";
import { rebateButtonHtml } from "@/promotions/rebateButtonHtml";
import { wishlistButtonHtml } from "@/wishlist/toggleButtonHtml";
import { compareButtonHtml } from "@/compare/compareButtonHtml";
import { ratingHtml } from "./Rating";
import styles from "./ProductCard.module.css";

/*
 * A product card's picture and words as markup, from its CardData: written in the browser or the
 * server's HTML pass from the data a page sends (ProductCardView), or on the server for cards a
 * document carries by reference (ProductCard).
 */

/** A flag as a card shows it: its text and, when the api's colour is usable, background and ink. */
export interface CardFlag {
  text: string;
  bg?: string;
  ink?: string;
}

/**
 * What a product card shows, worked out on the server from the listing product (ProductCard's
 * `cardData`): only the strings and numbers the card draws, so a page sends each product once
 * and compactly in its RSC payload rather than as the card's whole element tree.
 */
export interface CardData {
  id: string;
  href: string;
  name: string;
  brand?: string;
  model?: string;
  image?: string;
  rating: number;
  count: number;
  corner?: CardFlag;
  /** positions 2..6 (null: a placeholder); left out when none is shown */
  priceFlags?: (CardFlag | null)[];
  special?: CardFlag[];
  /** the price shown; none: "Call for price" */
  price?: string;
  /** on sale: the regular price and the saving (when the api gives one) */
  regular?: string;
  save?: string;
  msrp?: string;
  /** open-box callout: its label and, for a product with outlets, their lowest price */
  outlet?: { label: string; from?: string };
}

/** A flag as markup: its text, in the api's colours when usable. */
function flagHtml(flag: CardFlag, className: string | undefined): string {
  return element("span", { class: className, style: flag.bg ? `background:${flag.bg};color:${flag.ink}` : undefined }, escapeHtml(flag.text));
}

type CardImage = { html: string; src: string; srcSet?: string; sizes?: string };

/**
 * Card pictures written before, by image, size hint and priority. What next/image makes of an
 * address depends on nothing else (the build's image settings), and working out its 16 widths was
 * the largest part of writing a card. Emptied when full: a catalogue's pictures, not a bound.
 */
const cardImages = new Map<string, CardImage>();
const CARD_IMAGES_KEPT = 5000;

/** A card's image as next/image draws it (300×300, lazy unless it is of the first row). */
function cardImage(image: string, priority: boolean, sizes: string | undefined): CardImage {
  const key = `${priority ? 1 : 0} ${sizes ?? ""} ${image}`;
  let kept = cardImages.get(key);
  if (!kept) {
    const { props } = getImageProps({
      src: image, alt: "", width: 300, height: 300, sizes, className: styles.image,
      fetchPriority: priority ? "high" : undefined, loading: priority ? "eager" : "lazy",
    });
    const html = element("img", {
      alt: "", fetchpriority: props.fetchPriority, loading: props.loading, width: props.width, height: props.height,
      decoding: props.decoding, "data-nimg": "1", class: props.className, style: "color:transparent",
      sizes: props.sizes, srcset: props.srcSet, src: props.src,
    });
    kept = { html, src: props.src, srcSet: props.srcSet, sizes: props.sizes };
    if (cardImages.size >= CARD_IMAGES_KEPT) cardImages.clear();
    cardImages.set(key, kept);
  }
  return kept;
}

/** The card's picture (image link and corner flag) as markup; the image as next/image draws it. */
export function pictureHtml(card: CardData, priority: boolean, sizes: string | undefined): string {
  const corner = card.corner ? flagHtml(card.corner, styles.cornerFlag) : "";
  let inner = element("span", { class: styles.noImage }, "");
  if (card.image) {
    inner = cardImage(card.image, priority, sizes).html;
  }
  return corner + element("a", { href: card.href, class: styles.imageLink, tabindex: "-1", "aria-hidden": "true" }, inner);
}

/**
 * A first-row card's picture as the page asks for it in its head (lib/ImagePreloads), the image
 * its picture draws; none for a card without a picture.
 */
export function priorityImage(card: CardData, sizes: string | undefined): ImagePreload | undefined {
  if (!card.image) return undefined;
  const { src, srcSet, sizes: imageSizes } = cardImage(card.image, true, sizes);
  return { src, srcSet, sizes: imageSizes };
}

/** The card's words: brand, name link, model, rating, prices, flags and the open-box callout, as markup. */
export function detailsHtml(card: CardData, headingLevel: 2 | 3 | 4): string {
  const discounted = card.regular !== undefined;
  let html = card.brand ? element("p", { class: styles.brand }, escapeHtml(card.brand)) : "";
  html += element(`h${headingLevel}`, { class: styles.name }, element("a", { href: card.href, class: styles.nameLink }, escapeHtml(card.name)));
  if (card.model) html += element("p", { class: styles.model }, `Model: ${escapeHtml(card.model)}`);
  html += ratingHtml(card.rating, card.count);
  if (card.priceFlags) {
    html += element("ul", { class: styles.priceFlags, "aria-label": "Offers" }, card.priceFlags.map((f) => (
      f ? element("li", {}, flagHtml(f, styles.priceFlag)) : element("li", { class: styles.flagPlaceholder, "aria-hidden": "true" }, "")
    )).join(""));
  }
  let prices: string;
  if (card.price === undefined) {
    prices = element("p", { class: styles.poa }, "Call for price");
  } else {
    prices = element("p", { class: styles.finalPrice, "data-on-sale": discounted || undefined },
      (discounted ? element("span", { class: "visually-hidden" }, "Sale price ") : "") + escapeHtml(card.price));
    if (discounted) {
      prices += element("p", { class: styles.regularPrice },
        element("span", { class: "visually-hidden" }, "Regular price ") + element("s", {}, escapeHtml(card.regular!)) +
        (card.save !== undefined ? element("span", { class: styles.save }, ` Save ${escapeHtml(card.save)}`) : ""));
    }
    if (card.msrp !== undefined) prices += element("p", { class: styles.msrp }, `MSRP ${element("s", {}, escapeHtml(card.msrp))}`);
  }
  html += element("div", { class: styles.prices }, prices);
  if (card.special) {
    html += element("ul", { class: styles.specialFlags, "aria-label": "Highlights" },
      card.special.map((f) => element("li", {}, flagHtml(f, styles.specialFlag))).join(""));
  }
  if (card.outlet) {
    html += element("p", { class: styles.outlet },
      element("span", { class: styles.outletLabel }, escapeHtml(card.outlet.label)) + (card.outlet.from !== undefined ? ` from ${escapeHtml(card.outlet.from)}` : ""));
  }
  return html;
}


/** A tile's buttons (TileActions draws them live). */
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

/** Between the tiles of a listing written as one run of markup (ListingGrid splits it there). */
export const TILE_SEPARATOR = "<!--tile-->";

/** Marks the element of a written tile that holds its buttons: ListingGrid puts the live ones there. */
export const TILE_BUTTONS_ATTRIBUTE = "data-tile-buttons";

/**
 * A listing tile as markup (its list item's contents): the card as ProductCardView draws it and its
 * buttons as the server draws them (disabled until the live ones take their place).
 */
export function tileHtml(card: CardData, { layout, priority, actions }: { layout: "grid" | "list"; priority: boolean; actions?: TileActionsProps }): string {
  const buttons = actions
    ? element("div", { class: styles.actions }, element("div", { class: styles.buttons, [TILE_BUTTONS_ATTRIBUTE]: "" }, tileActionsHtml(actions)))
    : "";
  return element("article", cardAttributes(card, layout), cardInsideHtml(card, { priority, sizes: undefined, headingLevel: 3 }, buttons));
}

/** The card element's attributes, as ProductCardView draws them. */
export const cardAttributes = (card: CardData, layout: "grid" | "list") => ({ class: styles.card, "data-layout": layout, "data-product-id": card.id });

/** What is inside a card element, as ProductCardView draws it: its picture, its words and (markup) its buttons. */
export function cardInsideHtml(card: CardData, { priority, sizes, headingLevel }: { priority: boolean; sizes: string | undefined; headingLevel: 2 | 3 | 4 }, buttons = ""): string {
  return element("div", { class: styles.media }, pictureHtml(card, priority, sizes))
    + element("div", { class: styles.body }, element("div", { class: styles.details }, detailsHtml(card, headingLevel)) + buttons);
}
