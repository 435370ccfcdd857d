import type { ProductDetail } from "@store/contract";

export interface CompareRow {
  key: string;
  label: string;
  /** a group heading row (no values) */
  group: boolean;
  /** product id → value */
  values: Record<string, string>;
}

type Comparable = Pick<ProductDetail, "entity_id" | "manufacturer" | "model_number" | "sku" | "simple_attributes" | "reviews_rating" | "reviews_count">;

/**
 * The rows of the compare table: a few identity rows, then the union of every product's
 * specification attributes (one row per label), grouped where a label is first seen.
 */
export function compareRows(products: readonly Comparable[]): CompareRow[] {
  const rows: CompareRow[] = [
    { key: "brand", label: "Brand", group: false, values: Object.fromEntries(products.map((p) => [p.entity_id, p.manufacturer])) },
    { key: "model", label: "Model", group: false, values: Object.fromEntries(products.map((p) => [p.entity_id, p.model_number])) },
    { key: "sku", label: "SKU", group: false, values: Object.fromEntries(products.map((p) => [p.entity_id, p.sku])) },
    {
      key: "rating", label: "Rating", group: false,
      values: Object.fromEntries(products.map((p) => [p.entity_id, p.reviews_count > 0 ? `${Math.round(p.reviews_rating * 10) / 10} of 5 (${p.reviews_count})` : "No reviews"])),
    },
  ];
  // one row per attribute label, whichever group a product files it under (first seen wins)
  const groups = new Map<string, Map<string, CompareRow>>();
  const byLabel = new Map<string, CompareRow>();
  const identity = new Set(["brand", "manufacturer", "model", "model number", "sku"]);
  for (const product of products) {
    for (const group of product.simple_attributes) {
      for (const attribute of group.attributes) {
        const key = attribute.label.trim().toLowerCase();
        if (!key || identity.has(key) || attribute.code === "brand" || attribute.code === "model_number") continue;
        let row = byLabel.get(key);
        if (!row) {
          row = { key: `attr:${key}`, label: attribute.label, group: false, values: {} };
          byLabel.set(key, row);
          let attrs = groups.get(group.group);
          if (!attrs) groups.set(group.group, (attrs = new Map()));
          attrs.set(key, row);
        }
        if (row.values[product.entity_id] === undefined) row.values[product.entity_id] = attribute.value;
      }
    }
  }
  for (const [group, attrs] of groups) {
    if (attrs.size === 0) continue;
    rows.push({ key: `group:${group}`, label: group, group: true, values: {} });
    rows.push(...attrs.values());
  }
  return rows;
}
