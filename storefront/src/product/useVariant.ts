"use client";

import { useAppSelector } from "@/lib/store";
import type { VariantView } from "./view";

/**
 * The child currently shown for a configurable product once the shopper has chosen a swatch on
 * this page; `initial` (what the server rendered) until then, and for every other product.
 */
export function useVariant(parentId: string, initial: VariantView): VariantView {
  const chosen = useAppSelector((state) => state.product.selection[parentId]?.variant ?? null);
  if (!chosen) return initial;
  // pictures follow once the child is loaded: keep the previous ones meanwhile
  return chosen.gallery ? chosen : { ...chosen, gallery: initial.gallery };
}

/** The id to ask stock and shipping for: the chosen child, or the server's choice. */
export function useVariantId(parentId: string, initialId: string): string {
  return useAppSelector((state) => state.product.selection[parentId]?.productId ?? null) ?? initialId;
}
