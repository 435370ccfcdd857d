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

/** What loading the page's product came to: found, not there (a 404 page), or failed (api down, 5xx). */
export type ProductLoad =
  | { status: "found"; product: ProductDetail }
  | { status: "not-found" }
  | { status: "failed" };

/**
 * The page's own product: a failure other than "no such product" (the api unreachable or
 * answering 5xx) is reported, not thrown, so the page can show its error text in the shell
 * (spec 002 §8) instead of the generic error page.
 */
export const loadProduct = cache(async (key: string, language: string): Promise<ProductLoad> => {
  try {
    const product = await getProduct(key, language);
    return product ? { status: "found", product } : { status: "not-found" };
  } catch (error) {
    console.error(`product ${key} could not be loaded:`, error);
    return { status: "failed" };
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
