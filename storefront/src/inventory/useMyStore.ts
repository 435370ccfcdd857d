"use client";

import { useCallback, useEffect } from "react";
import { useStore } from "react-redux";
import type { LocationStock, StoreLocation } from "@store/contract";
import { ClientApiError, clientGet } from "@/lib/client-api";
import { useAppSelector, type AppStore } from "@/lib/store";
import { inOwnTask } from "@/lib/ownTask";
import {
  drawerClosed, drawerOpened, myStoreLoaded, myStoreSet, storeListErrorText, storeListFetched, storeLocationsFulfilled,
  storeLocationsPending, storeLocationsRejected, userZipSet, type DrawerOpenFrom,
} from "./state";

export const MY_STORE_STORAGE_KEY = "my-store";

function readStored(): StoreLocation | null {
  try {
    const raw = window.localStorage.getItem(MY_STORE_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoreLocation> | null;
    return value && typeof value.storelocationid === "string" && typeof value.store_name === "string" ? (value as StoreLocation) : null;
  } catch {
    return null;
  }
}

function persist(store: AppStore, before: StoreLocation | null) {
  try {
    const current = store.getState().inventory.myStore;
    if (current && current !== before) window.localStorage.setItem(MY_STORE_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // storage blocked: My Store lasts for this page view
  }
}

/** The newest store search of this page: an older answer arriving later is dropped. */
let latestSearch = 0;

export interface LocationSearch {
  zip?: string;
  lat?: number;
  long?: number;
}

/** My Store (kept in the browser), the store-location drawer and the store list behind it. */
export function useMyStore() {
  const store = useStore() as AppStore;
  const state = useAppSelector((s) => s.inventory);

  useEffect(() => inOwnTask(() => {
    if (!store.getState().inventory.myStoreLoaded) store.dispatch(myStoreLoaded(readStored()));
  }), [store]);

  const setMyStore = useCallback((location: StoreLocation) => {
    const before = store.getState().inventory.myStore;
    store.dispatch(myStoreSet(location));
    persist(store, before);
  }, [store]);

  /** A store list fetched for a product's stock: its first store becomes My Store while none is chosen. */
  const storeListReceived = useCallback((stores: LocationStock[]) => {
    const before = store.getState().inventory.myStore;
    store.dispatch(storeListFetched(stores));
    persist(store, before);
  }, [store]);

  /**
   * GET /locations near a ZIP code or a position (every store by name with neither); the first
   * store of the answer becomes My Store while none is chosen. A failure keeps an error to show.
   */
  const fetchLocations = useCallback(async (search: LocationSearch = {}) => {
    const params = new URLSearchParams();
    if (search.lat !== undefined && search.long !== undefined) {
      params.set("lat", String(search.lat));
      params.set("long", String(search.long));
    } else if (search.zip) {
      params.set("zip", search.zip);
      store.dispatch(userZipSet(search.zip));
    }
    const mine = ++latestSearch;
    store.dispatch(storeLocationsPending());
    try {
      const answer = await clientGet<StoreLocation[] | StoreLocation>(`/locations${params.size ? `?${params}` : ""}`);
      if (mine !== latestSearch) return; // a newer search is under way
      const stores = Array.isArray(answer) ? answer : [answer];
      const before = store.getState().inventory.myStore;
      store.dispatch(storeLocationsFulfilled(stores));
      persist(store, before);
    } catch (error) {
      if (mine !== latestSearch) return;
      const status = error instanceof ClientApiError ? error.status : 0;
      store.dispatch(storeLocationsRejected(storeListErrorText(status, error instanceof Error ? error.message : "")));
    }
  }, [store]);

  const openDrawer = useCallback((from: Exclude<DrawerOpenFrom, "CLOSED">) => store.dispatch(drawerOpened(from)), [store]);
  const closeDrawer = useCallback(() => store.dispatch(drawerClosed()), [store]);

  return { ...state, setMyStore, storeListReceived, fetchLocations, openDrawer, closeDrawer };
}
