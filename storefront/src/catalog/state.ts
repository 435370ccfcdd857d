import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

/**
 * Catalogue interaction state in the browser (spec 002 §4). Listing data itself is rendered on the
 * server from the URL; this only holds what the shopper opens and what endless scroll appends.
 */
export type AsyncStatus = "idle" | "pending" | "fulfilled" | "rejected";

export interface CatalogState {
  /** the filter side drawer on small screens */
  filtersOpen: boolean;
  /** the product whose rebates the rebate modal shows, null when closed */
  rebateProductId: string | null;
  /** fetch_products of endless scroll */
  fetchProducts: AsyncStatus;
  error: string | null;
}

export const initialCatalogState: CatalogState = { filtersOpen: false, rebateProductId: null, fetchProducts: "idle", error: null };

export const catalogSlice = createSlice({
  name: "catalog",
  initialState: initialCatalogState,
  reducers: {
    setFiltersOpen(state, action: PayloadAction<boolean>) {
      state.filtersOpen = action.payload;
    },
    openRebateModal(state, action: PayloadAction<string>) {
      state.rebateProductId = action.payload;
    },
    closeRebateModal(state) {
      state.rebateProductId = null;
    },
    fetchProductsPending(state) {
      state.fetchProducts = "pending";
      state.error = null;
    },
    fetchProductsFulfilled(state) {
      state.fetchProducts = "fulfilled";
    },
    fetchProductsRejected(state, action: PayloadAction<string>) {
      state.fetchProducts = "rejected";
      state.error = action.payload;
    },
  },
});

export const {
  setFiltersOpen, openRebateModal, closeRebateModal, fetchProductsPending, fetchProductsFulfilled, fetchProductsRejected,
} = catalogSlice.actions;
