import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { LocationStock, StoreLocation } from "@store/contract";
import { STORE_LIST_ERROR } from "./messages";

export type AsyncStatus = "idle" | "pending" | "fulfilled" | "rejected";
/** Where the My Store drawer was opened from; CLOSED when it is closed (the default). */
export type DrawerOpenFrom = "CLOSED" | "header" | "product" | "store-stock";

/** My Store and the store-location drawer (spec 000 §3 header state, §4; spec 002 §4). */
export interface InventoryState {
  myStore: StoreLocation | null;
  /** false until the stored My Store has been read after the first render */
  myStoreLoaded: boolean;
  drawerOpenFrom: DrawerOpenFrom;
  storeLocations: StoreLocation[];
  storeLocationsStatus: AsyncStatus;
  storeLocationsError: string | null;
  userZip: string;
}

export const initialInventoryState: InventoryState = {
  myStore: null,
  myStoreLoaded: false,
  drawerOpenFrom: "CLOSED",
  storeLocations: [],
  storeLocationsStatus: "idle",
  storeLocationsError: null,
  userZip: "",
};

/** A store as My Store keeps it: a stock entry without its quantities. */
export function storeLocationOf(entry: StoreLocation | LocationStock): StoreLocation {
  const { qty: _qty, in_stock: _inStock, ...location } = entry as LocationStock;
  return location;
}

/** The first store of a fetched list becomes My Store while none is chosen (spec 002 §4). */
function firstStoreRule(state: InventoryState, stores: readonly (StoreLocation | LocationStock)[]) {
  if (!state.myStore && stores[0]) state.myStore = storeLocationOf(stores[0]);
}

export const inventorySlice = createSlice({
  name: "inventory",
  initialState: initialInventoryState,
  reducers: {
    /** The My Store kept in the browser, read after the first render; none kept leaves the current one. */
    myStoreLoaded(state, action: PayloadAction<StoreLocation | null>) {
      if (action.payload) state.myStore = action.payload;
      state.myStoreLoaded = true;
    },
    /** The shopper chose a store. */
    myStoreSet(state, action: PayloadAction<StoreLocation>) {
      state.myStore = storeLocationOf(action.payload);
      state.myStoreLoaded = true;
    },
    drawerOpened(state, action: PayloadAction<Exclude<DrawerOpenFrom, "CLOSED">>) {
      state.drawerOpenFrom = action.payload;
    },
    drawerClosed(state) {
      state.drawerOpenFrom = "CLOSED";
    },
    storeLocationsPending(state) {
      state.storeLocationsStatus = "pending";
      state.storeLocationsError = null;
    },
    /** GET /locations answered: the list is shown, and its first store becomes My Store if none is chosen. */
    storeLocationsFulfilled(state, action: PayloadAction<StoreLocation[]>) {
      state.storeLocations = action.payload;
      state.storeLocationsStatus = "fulfilled";
      state.storeLocationsError = null;
      firstStoreRule(state, action.payload);
    },
    /** A store list fetched elsewhere (a product's store stock): the same first-store rule. */
    storeListFetched(state, action: PayloadAction<Array<StoreLocation | LocationStock>>) {
      firstStoreRule(state, action.payload);
    },
    /** A store-list fetch failed: the error is kept for the drawer to show. */
    storeLocationsRejected(state, action: PayloadAction<string>) {
      state.storeLocationsStatus = "rejected";
      state.storeLocationsError = action.payload;
    },
    userZipSet(state, action: PayloadAction<string>) {
      state.userZip = action.payload;
    },
  },
});

export const {
  myStoreLoaded, myStoreSet, drawerOpened, drawerClosed, storeLocationsPending, storeLocationsFulfilled, storeListFetched,
  storeLocationsRejected, userZipSet,
} = inventorySlice.actions;

/**
 * What a failed store-list fetch shows: the api's own message for a request it refused (an unknown
 * ZIP code, 4xx), else the store-locations error of spec 002 §8 (api down, 5xx, no answer).
 */
export function storeListErrorText(status: number, message: string): string {
  return status >= 400 && status < 500 && message.trim() ? message : STORE_LIST_ERROR;
}
