import { cache } from "react";
import type { BrandSummary, SpecialCatalog } from "@store/contract";
import { apiGet } from "@/lib/api";

export type Programme = NonNullable<SpecialCatalog["promotions"]>[number];

/** Every brand with products (GET /brands); null when the api could not answer (logged). */
export const getBrands = cache(async (): Promise<BrandSummary[] | null> => {
  try {
    const brands = await apiGet<BrandSummary[]>("/brands");
    return Array.isArray(brands) ? brands : [];
  } catch (error) {
    console.error("brands:", error);
    return null;
  }
});

/** The rebate programmes running now (GET /promotions); null when the api could not answer (logged). */
export const getPromotions = cache(async (): Promise<Programme[] | null> => {
  try {
    const programmes = await apiGet<Programme[]>("/promotions");
    return Array.isArray(programmes) ? programmes : [];
  } catch (error) {
    console.error("promotions:", error);
    return null;
  }
});

/**
 * A brand's special catalogue (spec 002 §2: /special/.../{attribute}/{value}); a store that does
 * not show special catalogues gets the whole catalogue filtered by the brand instead.
 */
export const brandHref = (urlKey: string, specialCatalogs = true) =>
  specialCatalogs ? `/special/manufacturer/${encodeURIComponent(urlKey)}` : `/catalog?manufacturer=${encodeURIComponent(urlKey)}`;

/** Brands grouped under their first letter (A–Z, then "#" for the rest), in the order given. */
export function byInitial(brands: readonly BrandSummary[]): Array<{ initial: string; brands: BrandSummary[] }> {
  const groups = new Map<string, BrandSummary[]>();
  for (const brand of brands) {
    const first = brand.name.trim().charAt(0).normalize("NFD").charAt(0).toUpperCase();
    const initial = /^[A-Z]$/.test(first) ? first : "#";
    groups.set(initial, [...groups.get(initial) ?? [], brand]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === "#" ? 1 : b === "#" ? -1 : a.localeCompare(b))).map(([initial, list]) => ({ initial, brands: list }));
}
