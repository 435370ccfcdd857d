import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { addToCompare, removeFromCompare } from "./compareList";

/** Compare list in the browser (spec 002 §4: add, remove and clear; full at 4). */
export interface CompareState {
  ids: string[];
  /** false until the stored list has been read after the first render */
  loaded: boolean;
}

const initialState: CompareState = { ids: [], loaded: false };

export const compareSlice = createSlice({
  name: "compare",
  initialState,
  reducers: {
    compareLoaded(state, action: PayloadAction<string[]>) {
      state.ids = action.payload;
      state.loaded = true;
    },
    compareAdded(state, action: PayloadAction<string | null | undefined>) {
      state.ids = addToCompare(state.ids, action.payload);
    },
    compareRemoved(state, action: PayloadAction<string>) {
      state.ids = removeFromCompare(state.ids, action.payload);
    },
    compareCleared(state) {
      state.ids = [];
    },
  },
});

export const { compareLoaded, compareAdded, compareRemoved, compareCleared } = compareSlice.actions;
