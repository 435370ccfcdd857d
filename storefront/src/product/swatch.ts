import type { ProductDetail } from "@store/contract";

/**
 * Swatch selection of a configurable product (spec 002 §4). The chosen swatch is kept if it is
 * still among the first swatch attribute's options, or if it was chosen from a shared URL;
 * otherwise the configurable's default simple product decides; otherwise the first option's
 * product.
 */
export type SwatchProduct = Pick<ProductDetail, "attributes" | "simple_products" | "configurable_default_simple_id">;
export type SwatchAttribute = ProductDetail["attributes"][number];
export type SwatchOption = SwatchAttribute["options"][number];

/** attribute code → option value */
export type SwatchChoice = Record<string, string>;

export interface SwatchSelection {
  /** the simple product to show (null when the product has no children at all) */
  productId: string | null;
  /** attribute code → option value of the selection */
  choice: SwatchChoice;
  /** how it was decided */
  source: "kept" | "url" | "default" | "first" | "none";
}

/** Swatch attributes in display order (ordinal, then as given). */
export function orderedAttributes(product: Pick<SwatchProduct, "attributes">): SwatchAttribute[] {
  return [...product.attributes].map((a, i) => ({ a, i })).sort((x, y) => x.a.ordinal - y.a.ordinal || x.i - y.i).map(({ a }) => a);
}

/** The option values of one child product, from its attributes or from the options listing it. */
export function choiceOf(product: SwatchProduct, productId: string): SwatchChoice {
  const child = product.simple_products.find((p) => p.entity_id === productId);
  const choice: SwatchChoice = {};
  for (const attribute of orderedAttributes(product)) {
    const fromChild = child?.attributes?.[attribute.code];
    const option = attribute.options.find((o) => (fromChild !== undefined ? o.value === fromChild : o.products.includes(productId)));
    if (option) choice[attribute.code] = option.value;
  }
  return choice;
}

/** The child matching every chosen value; failing that, one matching the first attribute's value. */
export function productForChoice(product: SwatchProduct, choice: SwatchChoice): string | null {
  const attributes = orderedAttributes(product);
  const candidates = (codes: SwatchAttribute[]) => {
    let ids: string[] | null = null;
    for (const attribute of codes) {
      const value = choice[attribute.code];
      if (value === undefined) continue;
      const option = attribute.options.find((o) => o.value === value);
      const listed = option ? option.products : [];
      ids = ids === null ? [...listed] : ids.filter((id) => listed.includes(id));
    }
    return ids ?? [];
  };
  const all = candidates(attributes);
  if (all.length) return all[0]!;
  const first = attributes[0] ? candidates([attributes[0]]) : [];
  return first[0] ?? null;
}

const optionOf = (attribute: SwatchAttribute | undefined, value: string | undefined) =>
  attribute && value !== undefined ? attribute.options.find((o) => o.value === value) : undefined;

/**
 * Decide the selected child.
 * - `current`: the swatch choice already made on this page (kept while its first-attribute value
 *   is still an option);
 * - `fromUrl`: a choice read from a shared URL (taken when it names an existing option).
 */
export function selectSwatch(product: SwatchProduct, current?: SwatchChoice | null, fromUrl?: SwatchChoice | null): SwatchSelection {
  const attributes = orderedAttributes(product);
  const first = attributes[0];

  const attempt = (choice: SwatchChoice | null | undefined, source: "kept" | "url"): SwatchSelection | null => {
    if (!choice || !first) return null;
    if (!optionOf(first, choice[first.code])) return null;
    const productId = productForChoice(product, choice);
    if (!productId) return null;
    // values of later attributes that do not fit are replaced by the child's own
    return { productId, choice: { ...choiceOf(product, productId), [first.code]: choice[first.code]! }, source };
  };

  const kept = attempt(current, "kept") ?? attempt(fromUrl, "url");
  if (kept) return kept;

  const defaultId = product.configurable_default_simple_id;
  if (defaultId && (product.simple_products.some((p) => p.entity_id === defaultId) || attributes.some((a) => a.options.some((o) => o.products.includes(defaultId))))) {
    return { productId: defaultId, choice: choiceOf(product, defaultId), source: "default" };
  }

  const firstProduct = first?.options.find((o) => o.products.length > 0)?.products[0] ?? product.simple_products[0]?.entity_id ?? null;
  if (firstProduct) return { productId: firstProduct, choice: choiceOf(product, firstProduct), source: "first" };
  return { productId: null, choice: {}, source: "none" };
}

/** A swatch choice from URL query parameters named after the attribute codes. */
export function choiceFromQuery(product: Pick<SwatchProduct, "attributes">, query: Record<string, string | string[] | undefined>): SwatchChoice | null {
  const choice: SwatchChoice = {};
  for (const attribute of product.attributes) {
    const raw = query[attribute.code];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value) choice[attribute.code] = value;
  }
  return Object.keys(choice).length ? choice : null;
}

/** The query string for a choice (for a shareable URL), in attribute order. */
export function queryForChoice(product: Pick<SwatchProduct, "attributes">, choice: SwatchChoice): string {
  const params = new URLSearchParams();
  for (const attribute of orderedAttributes(product)) if (choice[attribute.code]) params.set(attribute.code, choice[attribute.code]!);
  return params.toString();
}
