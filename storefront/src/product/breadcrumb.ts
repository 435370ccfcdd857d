import type { ProductDetail } from "@store/contract";

export type ProductCategory = ProductDetail["categories"][number];

export const BREADCRUMB_MAX = 4;
export const BREADCRUMB_MAX_LEVEL = 5;

/**
 * The breadcrumb of a product (spec 002 §2): up to 4 ancestor categories with a level under 5,
 * from the top down. The deepest category the product is filed in is followed up its parents.
 */
export function breadcrumbCategories(categories: readonly ProductCategory[]): ProductCategory[] {
  const byId = new Map(categories.map((c) => [c.entity_id, c]));
  const assigned = categories.filter((c) => c.assigned && c.level < BREADCRUMB_MAX_LEVEL);
  const pool = assigned.length ? assigned : categories.filter((c) => c.level < BREADCRUMB_MAX_LEVEL);
  const deepest = [...pool].sort((a, b) => b.level - a.level)[0];
  if (!deepest) return [];
  const chain: ProductCategory[] = [];
  const seen = new Set<string>();
  for (let c: ProductCategory | undefined = deepest; c && !seen.has(c.entity_id); c = byId.get(c.parent_id)) {
    seen.add(c.entity_id);
    if (c.level < BREADCRUMB_MAX_LEVEL && c.level > 1) chain.unshift(c);
  }
  return chain.slice(-BREADCRUMB_MAX);
}
