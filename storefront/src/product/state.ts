import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { SwatchChoice } from "./swatch";
import type { VariantView } from "./view";

export type AsyncStatus = "idle" | "pending" | "fulfilled" | "rejected";

/**
 * Product page interaction state (spec 002 §4): the swatch chosen on each configurable product
 * and the child shown for it, the children fetched so far, and the ids that failed to load.
 */
export interface ProductState {
  /** configurable id → current choice and the child shown */
  selection: Record<string, { choice: SwatchChoice; productId: string | null; variant: VariantView | null }>;
  /** child id → fetch status */
  status: Record<string, AsyncStatus>;
  /** ids that could not be fetched */
  notFound: string[];
  /** configurable id → last error shown */
  error: Record<string, string | null>;
}

const initialState: ProductState = { selection: {}, status: {}, notFound: [], error: {} };

export const productSlice = createSlice({
  name: "product",
  initialState,
  reducers: {
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
      const selection = state.selection[parentId];
      if (selection && selection.productId === variant.entity_id) selection.variant = variant;
    },
    variantFailed(state, action: PayloadAction<{ parentId: string; productId: string; message: string }>) {
      const { parentId, productId, message } = action.payload;
      state.status[productId] = "rejected";
      if (!state.notFound.includes(productId)) state.notFound.push(productId);
      state.error[parentId] = message;
    },
  },
});

export const { swatchChosen, variantPending, variantLoaded, variantFailed } = productSlice.actions;
