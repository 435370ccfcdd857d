import type { ProductDetail, ProductPrices } from "@store/contract";
import { bundlePrice, toMinor } from "@store/contract/bundle-price";
import { numberFormat } from "@/lib/intl";

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

/** Picks of a bundle: option id → selection ids. */
export type BundlePicks = Record<string, string[]>;

/**
 * The package's prices for the shopper's picks, by the rule the cart prices it with
 * (contract/bundle-price): the package's discount kept, its price scaled with the value of the
 * chosen pieces against the default ones. The server's prices as they are for the default picks.
 */
export function bundlePrices(prices: ProductPrices, options: BundleOption[], picks: BundlePicks, currency: string): ProductPrices {
  if (options.length === 0 || prices.poa) return prices;
  const pieces = options.flatMap((option) => option.selections.map((s) => ({
    price: s.product.prices.poa ? 0 : toMinor(s.product.prices.final_price_without_tax),
    qty: s.qty,
    isDefault: s.is_default,
    chosen: picks[option.option_id]?.includes(s.selection_id) ?? false,
  })));
  const own = { final: toMinor(prices.final_price_without_tax), regular: toMinor(prices.regular_price_without_tax) };
  const scaled = bundlePrice(own, pieces);
  if (scaled.final === own.final && scaled.regular === own.regular) return prices;
  const format = numberFormat("en-US", { style: "currency", currency });
  const money = (cents: number) => ({ amount: cents / 100, formatted: format.format(cents / 100) });
  const off = scaled.regular - scaled.final;
  return {
    ...prices,
    final_price_without_tax: scaled.final / 100,
    final_price_without_tax_formatted: money(scaled.final).formatted,
    regular_price_without_tax: scaled.regular / 100,
    regular_price_without_tax_formatted: money(scaled.regular).formatted,
    discount: off > 0 ? { ...money(off), percent: Math.round((off / scaled.regular) * 100) } : null,
    display_price: prices.display_price ? money(scaled.final) : null,
    msrp_enabled: prices.msrp !== null && toMinor(prices.msrp.amount) > scaled.final,
  };
}

/**
 * The cart's bundle_option for the picks: a required option's one selection id, an optional
 * option's list of ids (empty when the shopper left it out, so the cart does not fall back to
 * its default).
 */
export function bundleOptionBody(options: BundleOption[], picks: BundlePicks): Record<string, number | number[]> {
  const body: Record<string, number | number[]> = {};
  for (const option of options) {
    const ids = (picks[option.option_id] ?? []).map(Number);
    if (isSingleChoice(option)) { if (ids[0] !== undefined) body[option.option_id] = ids[0]; }
    else body[option.option_id] = ids;
  }
  return body;
}
