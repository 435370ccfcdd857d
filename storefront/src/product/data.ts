import { cache } from "react";
import type { ProductDetail } from "@store/contract";
import { ApiError, apiGet, pathParam } from "@/lib/api";

/** Everything the product page shows comes with the product (spec 002 §7). */
export const PRODUCT_PAGE_EMBED = "images,promotions,crosssells,relateds,upsells,parentbundles,assets,outlets,retailbanner";

/**
 * One product by url key (or id) for this request; null when the api says it does not exist (or
 * refuses the key as malformed), any other failure is thrown (the error page shows).
 */
export const getProduct = cache(async (key: string, language: string, embed: string = PRODUCT_PAGE_EMBED): Promise<ProductDetail | null> => {
  try {
    return await apiGet<ProductDetail>(`/products/${pathParam(key)}${embed ? `?embed=${embed}` : ""}`, { language });
  } catch (error) {
    // 404, or a key the api refuses as malformed (400): no such product
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
});

/** A product that may be missing without failing the page (a child shown after a swatch). */
export async function findProduct(key: string, language: string, embed: string): Promise<ProductDetail | null> {
  try {
    return await getProduct(key, language, embed);
  } catch (error) {
    console.error(`product ${key} could not be loaded:`, error);
    return null;
  }
}
