/**
 * Stock status for structured data (spec 002 §4): in stock when add-to-cart is displayed and
 * there are no inventory entries, or when any entry has a quantity above 0.
 */
export interface StockInput {
  display_add_to_cart: boolean;
  inventory?: ReadonlyArray<{ qty: number }> | null;
}

export function isInStockForStructuredData({ display_add_to_cart, inventory }: StockInput): boolean {
  const entries = inventory ?? [];
  if (entries.length === 0) return display_add_to_cart;
  return entries.some((entry) => entry.qty > 0);
}

export const SCHEMA_IN_STOCK = "https://schema.org/InStock";
export const SCHEMA_OUT_OF_STOCK = "https://schema.org/OutOfStock";

export const schemaAvailability = (input: StockInput) => (isInStockForStructuredData(input) ? SCHEMA_IN_STOCK : SCHEMA_OUT_OF_STOCK);
