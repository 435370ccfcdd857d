import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { StoreLocation } from "@store/contract";

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

export const inventorySlice = createSlice({
  name: "inventory",
  initialState: initialInventoryState,
  reducers: {
    myStoreLoaded(state, action: PayloadAction<StoreLocation | null>) {
      state.myStore = action.payload;
      state.myStoreLoaded = true;
    },
    myStoreSet(state, action: PayloadAction<StoreLocation>) {
      state.myStore = action.payload;
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
    /** The first store of a fetched list becomes My Store (unless `keepMyStore` and one is set). */
    storeLocationsFulfilled(state, action: PayloadAction<{ stores: StoreLocation[]; keepMyStore?: boolean }>) {
      const { stores, keepMyStore } = action.payload;
      state.storeLocations = stores;
      state.storeLocationsStatus = "fulfilled";
      if (stores[0] && !(keepMyStore && state.myStore)) state.myStore = stores[0];
    },
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
  myStoreLoaded, myStoreSet, drawerOpened, drawerClosed, storeLocationsPending, storeLocationsFulfilled, storeLocationsRejected, userZipSet,
} = inventorySlice.actions;
