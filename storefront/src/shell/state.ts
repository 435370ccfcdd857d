import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

/** Interaction state of the shell that lives in the browser (spec 000 §3 header state, §4 display mode). */
export type DisplayMode = "grid" | "list";

export interface ShellState {
  mobileMenuOpen: boolean;
  displayMode: DisplayMode;
  /** the compact header bar is showing (the header has scrolled away) */
  minifiedHeaderActive: boolean;
  /** the outlet-products (Open Box) drawer: closed, or open for a product's open-box items */
  outletDrawer: OutletDrawerState | null;
}

export interface OutletItem {
  entity_id: string;
  name: string;
  url_key: string;
  price: string;
  image: string;
}

export interface OutletDrawerState {
  productName: string;
  /** the store's outlet callout ('Open Box') */
  callout: string;
  items: OutletItem[];
}

export const initialShellState: ShellState = { mobileMenuOpen: false, displayMode: "grid", minifiedHeaderActive: false, outletDrawer: null };

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
    setMinifiedHeaderActive(state, action: PayloadAction<boolean>) {
      state.minifiedHeaderActive = action.payload;
    },
    outletDrawerOpened(state, action: PayloadAction<OutletDrawerState>) {
      state.outletDrawer = action.payload;
    },
    outletDrawerClosed(state) {
      state.outletDrawer = null;
    },
  },
});

export const {
  toggleMobileMenu, setMobileMenuOpen, toggleDisplayMode, setDisplayMode, setMinifiedHeaderActive, outletDrawerOpened, outletDrawerClosed,
} = shellSlice.actions;
