/**
 * Point-of-sale marketing sets of the demo retailer: the in-store displays (endcaps, showcases)
 * whose products the catalogue repeats in carousels above a few category listings. Membership is
 * an option of the brandsource_point_of_sale_marketing attribute on each product.
 */
export interface PosmSetDef {
  /** the option value, as config and the posm call name the set */
  value: string;
  label: string;
  /** url keys of the categories whose products fill the set (a branch includes its leaves) */
  from: readonly string[];
  /** url keys of the categories whose listings show the set (config catalog_posm_overrides) */
  shownOn: readonly string[];
}

/** Products per set: the best reviewed of each of its categories in turn. */
export const POSM_SET_SIZE = 12;

export const POSM_ATTRIBUTE_DEF = {
  code: "brandsource_point_of_sale_marketing",
  label: "Point of Sale Marketing",
  input: "multiselect",
  group: "Merchandising",
} as const;

export const POSM_SETS: readonly PosmSetDef[] = [
  {
    value: "kitchen-suite-endcap", label: "Kitchen Suite Endcap",
    from: ["refrigerators", "ranges-cooking", "dishwashers", "microwaves"], shownOn: ["refrigerators", "ranges-cooking", "dishwashers"],
  },
  { value: "laundry-day-display", label: "Laundry Day Display", from: ["laundry"], shownOn: ["laundry"] },
  { value: "big-screen-showcase", label: "Big Screen Showcase", from: ["tvs-projectors", "audio"], shownOn: ["tvs-projectors", "audio"] },
  { value: "living-room-showroom", label: "Living Room Showroom", from: ["living-room"], shownOn: ["living-room"] },
];

/** catalog_posm_overrides: each category that shows sets, with its sets in order. */
export function posmOverrides(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const set of POSM_SETS) for (const key of set.shownOn) (out[key] ??= []).push(set.value);
  return out;
}
