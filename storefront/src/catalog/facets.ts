import type { CatalogFilter } from "@store/contract";
import { numberFormat } from "@/lib/intl";
import { formatRange, parseRange, unionRange, type ListingState } from "./url";

/** Facets as the filter panel shows them: by position, values with products (or selected) only. */
export function visibleFacets(filters: readonly CatalogFilter[]): CatalogFilter[] {
  return [...filters]
    .sort((a, b) => a.position - b.position)
    .map((f) => ({ ...f, values: f.values.filter((v) => v.product_count > 0 || v.selected) }))
    .filter((f) => f.values.length > 0 || (f.type === "price" && f.range !== undefined));
}

export const isRangeFacet = (f: Pick<CatalogFilter, "type">) => f.type === "price";

export interface Chip {
  attribute: string;
  label: string;
  /** the URL value this chip stands for; removing it removes that value (or the whole range) */
  value: string | null;
  text: string;
}

const money = (n: number, currency: string, locale: string) => {
  try {
    return numberFormat(locale, { style: "currency", currency, maximumFractionDigits: Number.isInteger(n) ? 0 : 2 }).format(n);
  } catch {
    return `${n}`;
  }
};

/** A price range as text ("$100 - $500", "$100 and up"). */
export function rangeText(from: number, to: number, currency = "USD", locale = "en-US"): string {
  if (to >= 99999999) return `${money(from, currency, locale)} and up`;
  return `${money(from, currency, locale)} - ${money(to, currency, locale)}`;
}

/** Active filter chips of a listing state, named with the facets' labels and display names. */
export function activeChips(state: ListingState, filters: readonly CatalogFilter[], currency = "USD", locale = "en-US"): Chip[] {
  const chips: Chip[] = [];
  for (const f of state.filters) {
    const facet = filters.find((x) => x.attribute === f.attribute);
    const label = facet?.label ?? f.attribute.replace(/_/g, " ");
    if (facet && isRangeFacet(facet)) {
      const r = unionRange(f.values);
      if (r) chips.push({ attribute: f.attribute, label, value: null, text: rangeText(r.from, r.to, currency, locale) });
      continue;
    }
    for (const v of f.values) {
      const known = facet?.values.find((x) => x.value === v);
      const r = !facet ? parseRange(v) : null;
      chips.push({ attribute: f.attribute, label, value: v, text: known?.display_name ?? (r ? formatRange(r) : v) });
    }
  }
  return chips;
}
