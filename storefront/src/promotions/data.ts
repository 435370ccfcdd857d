import { cache } from "react";
import type { PromoBanner } from "@store/contract";
import { apiGet, pathParam } from "@/lib/api";
import { LOAD_FAILED_PREFIX } from "./messages";

export interface BannerFilters {
  /** category id or url key */
  category?: string;
  manufacturer?: string;
  displaymode?: string;
}

/**
 * Promo banners of a type, loaded once per type and filters in a request (spec 000 §4). The api's
 * defaults apply: limit 12, order end_date. A failure is logged and yields no banners.
 */
export const getBanners = cache(async (type: string, category = "", manufacturer = "", displaymode = ""): Promise<PromoBanner[]> => {
  try {
    const q = new URLSearchParams();
    if (category) q.set("category", category);
    if (manufacturer) q.set("manufacturer", manufacturer);
    if (displaymode) q.set("displaymode", displaymode);
    const query = q.toString();
    const banners = await apiGet<PromoBanner[]>(`/promobanners/bannertype/${pathParam(type)}${query ? `?${query}` : ""}`);
    return Array.isArray(banners) ? banners : [];
  } catch (error) {
    console.error(LOAD_FAILED_PREFIX, error);
    return [];
  }
});
