import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { WishlistEntry } from "./storage";

export type AsyncStatus = "idle" | "pending" | "fulfilled" | "rejected";

/**
 * Wishlist (spec 002 §4): signed-in customers' lists live on the server, guests' in the browser.
 * `signedIn` is null until the session has been read.
 */
export interface WishlistState {
  items: WishlistEntry[];
  signedIn: boolean | null;
  status: AsyncStatus;
  error: string | null;
  /** ids with a change in flight (their buttons are busy) */
  pending: string[];
}

const initialState: WishlistState = { items: [], signedIn: null, status: "idle", error: null, pending: [] };

export const wishlistSlice = createSlice({
  name: "wishlist",
  initialState,
  reducers: {
    wishlistLoading(state) {
      state.status = "pending";
    },
    wishlistLoaded(state, action: PayloadAction<{ items: WishlistEntry[]; signedIn: boolean }>) {
      state.items = action.payload.items;
      state.signedIn = action.payload.signedIn;
      state.status = "fulfilled";
      state.error = null;
    },
    wishlistFailed(state, action: PayloadAction<string>) {
      state.status = "rejected";
      state.error = action.payload;
    },
    wishlistItemsSet(state, action: PayloadAction<WishlistEntry[]>) {
      state.items = action.payload;
      state.error = null;
    },
    wishlistPending(state, action: PayloadAction<{ id: string; busy: boolean }>) {
      state.pending = state.pending.filter((id) => id !== action.payload.id);
      if (action.payload.busy) state.pending.push(action.payload.id);
    },
    wishlistError(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
    },
  },
});

export const { wishlistLoading, wishlistLoaded, wishlistFailed, wishlistItemsSet, wishlistPending, wishlistError } = wishlistSlice.actions;
