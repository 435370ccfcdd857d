import type { ProductListItem } from "@store/contract";

/** A guest's wishlist entry as kept in the browser: the id and the product data fetched for it. */
export interface WishlistEntry {
  product_id: string;
  product: ProductListItem | null;
}

export const WISHLIST_STORAGE_KEY = "wishlist:items";

/** The list-item fields of any product answer (a detail answer carries all of them). */
export function toListItem(product: ProductListItem): ProductListItem {
  const { entity_id, sku, name, url_key, type_id, manufacturer, condition, image_url, prices, reviews_count, reviews_rating, qty, in_stock } = product;
  return { entity_id, sku, name, url_key, type_id, manufacturer, condition, image_url, prices, reviews_count, reviews_rating, qty, in_stock };
}

/** A stored list read back defensively: entries with a product id, no duplicates. */
export function parseWishlist(raw: string | null | undefined): WishlistEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const seen = new Set<string>();
    const entries: WishlistEntry[] = [];
    for (const entry of value) {
      if (!entry || typeof entry !== "object") continue;
      const id = (entry as { product_id?: unknown }).product_id;
      if ((typeof id !== "string" && typeof id !== "number") || String(id) === "" || seen.has(String(id))) continue;
      seen.add(String(id));
      const product = (entry as { product?: unknown }).product;
      entries.push({ product_id: String(id), product: product && typeof product === "object" ? (product as ProductListItem) : null });
    }
    return entries;
  } catch {
    return [];
  }
}
