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
