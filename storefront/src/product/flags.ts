import type { ProductDetail } from "@store/contract";

export type ProductFlag = ProductDetail["product_flags"][number];

/** A flag slot: a flag, or an empty transparent placeholder (positions 2 to 6 only). */
export type FlagSlot = { position: number; flag: ProductFlag | null };

export interface ArrangedFlags {
  /** position 1 */
  corner: ProductFlag | null;
  /** positions 2 to 6, always five slots when any price flag is shown (gaps are placeholders) */
  price: FlagSlot[];
  /** positions 7 and 8 */
  special: ProductFlag[];
}

/**
 * Flags by position (spec 002 §2): 1 is a corner flag, 2 to 6 are price flags, 7 and 8 are
 * special. Missing positions 2 to 6 are filled with empty transparent placeholders. Invisible
 * flags and flags without text are left out; of two flags at one position the first wins.
 */
export function arrangeFlags(flags: readonly ProductFlag[] | null | undefined): ArrangedFlags {
  const byPosition = new Map<number, ProductFlag>();
  for (const flag of flags ?? []) {
    if (!flag.visible || !flag.text.trim() || byPosition.has(flag.position)) continue;
    byPosition.set(flag.position, flag);
  }
  const anyPrice = [2, 3, 4, 5, 6].some((p) => byPosition.has(p));
  return {
    corner: byPosition.get(1) ?? null,
    price: anyPrice ? [2, 3, 4, 5, 6].map((position) => ({ position, flag: byPosition.get(position) ?? null })) : [],
    special: [7, 8].map((p) => byPosition.get(p)).filter((f): f is ProductFlag => Boolean(f)),
  };
}
