import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

/** Interaction state of the shell that lives in the browser (spec 000 §3 header state, §4 display mode). */
export type DisplayMode = "grid" | "list";

export interface ShellState {
  mobileMenuOpen: boolean;
  displayMode: DisplayMode;
}

export const initialShellState: ShellState = { mobileMenuOpen: false, displayMode: "grid" };

export const shellSlice = createSlice({
  name: "shell",
  initialState: initialShellState,
  reducers: {
    toggleMobileMenu(state) {
      state.mobileMenuOpen = !state.mobileMenuOpen;
    },
    setMobileMenuOpen(state, action: PayloadAction<boolean>) {
      state.mobileMenuOpen = action.payload;
    },
    /** Catalogue display mode toggles between grid and list. */
    toggleDisplayMode(state) {
      state.displayMode = state.displayMode === "grid" ? "list" : "grid";
    },
    setDisplayMode(state, action: PayloadAction<DisplayMode>) {
      state.displayMode = action.payload;
    },
  },
});

export const { toggleMobileMenu, setMobileMenuOpen, toggleDisplayMode, setDisplayMode } = shellSlice.actions;
