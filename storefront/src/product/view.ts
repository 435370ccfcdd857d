import type { ProductDetail, ProductListItem } from "@store/contract";
import { formatDayMonth, isoOf } from "./dates";

/** One picture, 360° view or video of the gallery. */
export interface GalleryItem {
  key: string;
  kind: "image" | "image360" | "video" | "embeddedVideo";
  url: string;
  thumb: string;
  label: string;
}

/** What changes on the page when another child of a configurable product is chosen. */
export interface VariantView {
  entity_id: string;
  sku: string;
  model_number: string | null;
  prices: ProductDetail["prices"];
  in_stock: boolean;
  qty: number;
  /** null while only the list data is known (the pictures follow once the child is loaded) */
  gallery: GalleryItem[] | null;
  image: string;
  /**
   * The sale's end as the price block shows it (day and short month, Los Angeles time), or null.
   * Written where the view is built (the server, for the page's first variant): a browser that
   * builds a Los Angeles date format while hydrating spends 50–80 ms loading the zone's rules.
   */
  sale_ends: { text: string; iso: string } | null;
}

const KINDS = new Set<GalleryItem["kind"]>(["image", "image360", "video", "embeddedVideo"]);

/**
 * The gallery of a product: its assets in position order when it has any (pictures, 360° views,
 * videos), else its images, else its main picture.
 */
export function galleryOf(product: Pick<ProductDetail, "images" | "assets" | "image_url" | "name">): GalleryItem[] {
  const assets = (product.assets ?? []).filter((a) => KINDS.has(a.asset_type as GalleryItem["kind"]) && a.url);
  if (assets.length) {
    return [...assets].sort((a, b) => a.position - b.position).map((a) => ({
      key: `a${a.asset_id}`,
      kind: a.asset_type as GalleryItem["kind"],
      url: a.url,
      thumb: a.thumb_url || a.url,
      label: a.label || product.name,
    }));
  }
  const images = (product.images ?? []).filter((i) => i.url);
  if (images.length) {
    return [...images].sort((a, b) => a.position - b.position).map((i, n) => ({
      key: `i${n}`, kind: "image", url: i.url, thumb: i.thumb_url || i.url, label: i.label || product.name,
    }));
  }
  return product.image_url?.normal ? [{ key: "main", kind: "image", url: product.image_url.normal, thumb: product.image_url.small || product.image_url.normal, label: product.name }] : [];
}

function saleEndsOf(prices: ProductDetail["prices"]): VariantView["sale_ends"] {
  const iso = prices.on_sale ? isoOf(prices.special_to_date) : undefined;
  return iso ? { text: formatDayMonth(prices.special_to_date), iso } : null;
}

/** The variant view of a fully loaded product. */
export function variantOf(product: ProductDetail): VariantView {
  return {
    entity_id: product.entity_id,
    sku: product.sku,
    model_number: product.model_number || null,
    prices: product.prices,
    in_stock: product.in_stock,
    qty: product.qty,
    gallery: galleryOf(product),
    image: product.image_url.normal,
    sale_ends: saleEndsOf(product.prices),
  };
}

/** The variant view of a child known only from its parent's list of children. */
export function previewOf(child: ProductListItem): VariantView {
  return {
    entity_id: child.entity_id,
    sku: child.sku,
    model_number: null,
    prices: child.prices,
    in_stock: child.in_stock,
    qty: child.qty,
    gallery: null,
    image: child.image_url.normal,
    sale_ends: saleEndsOf(child.prices),
  };
}

/** A configurable product's swatch data, the part of the product the picker needs. */
export type SwatchData = Pick<ProductDetail, "entity_id" | "attributes" | "simple_products" | "configurable_default_simple_id">;
