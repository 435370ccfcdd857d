import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { SwatchChoice } from "./swatch";
import type { VariantView } from "./view";

export type AsyncStatus = "idle" | "pending" | "fulfilled" | "rejected";

/**
 * Product page interaction state (spec 002 §4): the swatch chosen on each configurable product
 * and the child shown for it, the fetch status of each product (pending while loading), and the
 * ids that failed to load (the not-found list).
 */
export interface ProductState {
  /** configurable id → current choice and the child shown */
  selection: Record<string, { choice: SwatchChoice; productId: string | null; variant: VariantView | null }>;
  /** product id → fetch status (the page's product or a chosen child) */
  status: Record<string, AsyncStatus>;
  /** ids that could not be fetched, each once */
  notFound: string[];
  /** product id (the configurable of a child) → last error shown */
  error: Record<string, string | null>;
  /** bundle id → the pieces chosen, option id → selection ids (the default picks until the shopper changes one) */
  bundlePicks: Record<string, Record<string, string[]>>;
}

export const initialProductState: ProductState = { selection: {}, status: {}, notFound: [], error: {}, bundlePicks: {} };

/** A failed product fetch: rejected, and the id is added to the not-found list (spec 002 §4, §8). */
function markFailed(state: ProductState, productId: string) {
  state.status[productId] = "rejected";
  if (!state.notFound.includes(productId)) state.notFound.push(productId);
}

export const productSlice = createSlice({
  name: "product",
  initialState: initialProductState,
  reducers: {
    /** The page's own product could not be fetched (the page shows the error text instead). */
    productFetchFailed(state, action: PayloadAction<{ productId: string; message: string }>) {
      const { productId, message } = action.payload;
      markFailed(state, productId);
      state.error[productId] = message;
    },
    swatchChosen(state, action: PayloadAction<{ parentId: string; choice: SwatchChoice; productId: string | null; preview: VariantView | null }>) {
      const { parentId, choice, productId, preview } = action.payload;
      state.selection[parentId] = { choice, productId, variant: preview };
      state.error[parentId] = null;
    },
    variantPending(state, action: PayloadAction<{ productId: string }>) {
      state.status[action.payload.productId] = "pending";
    },
    variantLoaded(state, action: PayloadAction<{ parentId: string; variant: VariantView }>) {
      const { parentId, variant } = action.payload;
      state.status[variant.entity_id] = "fulfilled";
      // found after all (a retry): no longer on the not-found list
      state.notFound = state.notFound.filter((id) => id !== variant.entity_id);
      const selection = state.selection[parentId];
      if (selection && selection.productId === variant.entity_id) selection.variant = variant;
    },
    /** The shopper changed a package's pieces: the price shown and the price added to the cart follow them. */
    bundlePicked(state, action: PayloadAction<{ bundleId: string; picks: Record<string, string[]> }>) {
      state.bundlePicks[action.payload.bundleId] = action.payload.picks;
    },
    variantFailed(state, action: PayloadAction<{ parentId: string; productId: string; message: string }>) {
      const { parentId, productId, message } = action.payload;
      markFailed(state, productId);
      state.error[parentId] = message;
    },
  },
});

export const { productFetchFailed, swatchChosen, variantPending, variantLoaded, variantFailed, bundlePicked } = productSlice.actions;

/** Whether a product id is on the not-found list. */
export const isNotFound = (state: { product: ProductState }, productId: string) => state.product.notFound.includes(productId);
/** Whether a product fetch is under way (the loading flag). */
export const isLoading = (state: { product: ProductState }, productId: string) => state.product.status[productId] === "pending";
