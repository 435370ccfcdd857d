"use client";

import { useCallback, useEffect } from "react";
import { useStore } from "react-redux";
import type { StoreLocation } from "@store/contract";
import { clientGet } from "@/lib/client-api";
import { useAppSelector, type AppStore } from "@/lib/store";
import { STORE_LIST_ERROR } from "./messages";
import {
  drawerClosed, drawerOpened, myStoreLoaded, myStoreSet, storeLocationsFulfilled, storeLocationsPending, storeLocationsRejected,
  userZipSet, type DrawerOpenFrom,
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

function persist(store: AppStore) {
  try {
    const current = store.getState().inventory.myStore;
    if (current) window.localStorage.setItem(MY_STORE_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // storage blocked: My Store lasts for this page view
  }
}

export interface LocationSearch {
  zip?: string;
  lat?: number;
  long?: number;
}

/** My Store (kept in the browser), the store-location drawer and the store list behind it. */
export function useMyStore() {
  const store = useStore() as AppStore;
  const state = useAppSelector((s) => s.inventory);

  useEffect(() => {
    if (!store.getState().inventory.myStoreLoaded) store.dispatch(myStoreLoaded(readStored()));
  }, [store]);

  const setMyStore = useCallback((location: StoreLocation) => {
    store.dispatch(myStoreSet(location));
    persist(store);
  }, [store]);

  /**
   * GET /locations; the first store of the answer becomes My Store. A plain listing (no zip, no
   * position) keeps a My Store already chosen.
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
    store.dispatch(storeLocationsPending());
    try {
      const answer = await clientGet<StoreLocation[] | StoreLocation>(`/locations${params.size ? `?${params}` : ""}`);
      const stores = Array.isArray(answer) ? answer : [answer];
      store.dispatch(storeLocationsFulfilled({ stores, keepMyStore: params.size === 0 }));
      persist(store);
    } catch {
      store.dispatch(storeLocationsRejected(STORE_LIST_ERROR));
    }
  }, [store]);

  const openDrawer = useCallback((from: Exclude<DrawerOpenFrom, "CLOSED">) => store.dispatch(drawerOpened(from)), [store]);
  const closeDrawer = useCallback(() => store.dispatch(drawerClosed()), [store]);

  return { ...state, setMyStore, fetchLocations, openDrawer, closeDrawer };
}
