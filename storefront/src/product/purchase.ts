import type { ProductDetail } from "@store/contract";

type Prices = Pick<ProductDetail["prices"], "poa" | "final_price_without_tax" | "final_price_without_tax_formatted">;
/** What the form needs of a bundle option (the page passes no more than this to the browser). */
export interface BundleOption {
  option_id: string;
  title: string;
  required: boolean;
  position: number;
  selections: Array<{ selection_id: string; qty: number; is_default: boolean; position: number; product: { name: string; prices: Prices } }>;
}
/** What the form needs of an add-on (a cross-sell). */
export interface AddOn {
  entity_id: string;
  name: string;
  url_key: string;
  pre_selected_add_on: boolean;
  prices: Prices;
}

const pickPrices = ({ poa, final_price_without_tax, final_price_without_tax_formatted }: Prices): Prices => ({ poa, final_price_without_tax, final_price_without_tax_formatted });

export const toBundleOptions = (options: ProductDetail["bundle_selection_attributes"]): BundleOption[] =>
  options.map(({ option_id, title, required, position, selections }) => ({
    option_id, title, required, position,
    selections: selections.map(({ selection_id, qty, is_default, position: p, product }) => ({
      selection_id, qty, is_default, position: p, product: { name: product.name, prices: pickPrices(product.prices) },
    })),
  }));

export const toAddOns = (crosssells: ProductDetail["crosssells"]): AddOn[] =>
  (crosssells ?? []).map(({ entity_id, name, url_key, pre_selected_add_on, prices }) => ({ entity_id, name, url_key, pre_selected_add_on, prices: pickPrices(prices) }));

/** A required option is a single choice (radio buttons); an optional one is a set of checkboxes. */
export const isSingleChoice = (option: Pick<BundleOption, "required">) => option.required;

/**
 * Default picks of a bundle, option id → selection ids: each option's default selections (one for
 * a single choice); a required option without a default falls back to its first selection.
 */
export function defaultBundlePicks(options: BundleOption[]): Record<string, string[]> {
  const picks: Record<string, string[]> = {};
  for (const option of options) {
    const defaults = option.selections.filter((s) => s.is_default).map((s) => s.selection_id);
    const first = [...option.selections].sort((a, b) => a.position - b.position)[0];
    picks[option.option_id] = defaults.length
      ? (isSingleChoice(option) ? defaults.slice(0, 1) : defaults)
      : option.required && first ? [first.selection_id] : [];
  }
  return picks;
}

/** The add-ons that start selected: the pre-selected cross-sells (spec 002 §4). */
export const preselectedAddOns = (addOns: Pick<AddOn, "entity_id" | "pre_selected_add_on">[]): string[] =>
  addOns.filter((a) => a.pre_selected_add_on).map((a) => a.entity_id);
