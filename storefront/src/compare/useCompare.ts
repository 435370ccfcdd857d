"use client";

import { useCallback, useEffect } from "react";
import { useStore } from "react-redux";
import type { UnknownAction } from "@reduxjs/toolkit";
import { useAppSelector, type AppStore } from "@/lib/store";
import { inOwnTask } from "@/lib/ownTask";
import { COMPARE_STORAGE_KEY, isCompareFull, parseCompareList } from "./compareList";
import { compareAdded, compareCleared, compareLoaded, compareRemoved } from "./state";

function readLocal(): string[] {
  try {
    return parseCompareList(window.localStorage.getItem(COMPARE_STORAGE_KEY));
  } catch {
    return [];
  }
}

function save(store: AppStore) {
  try {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(store.getState().compare.ids));
  } catch {
    // storage blocked: the list still works for this page view
  }
}

/** The stored list, read into the store once per page view. */
function ensureLoaded(store: AppStore) {
  if (!store.getState().compare.loaded) store.dispatch(compareLoaded(readLocal()));
}

/**
 * One change to the list, saved. The stored list is read first: a click can come before the
 * mount effect has read it, and saving then would overwrite the products already listed.
 */
export function changeCompare(store: AppStore, action: UnknownAction) {
  ensureLoaded(store);
  store.dispatch(action);
  save(store);
}

/** The compare list, kept in the browser and shared between tabs. */
export function useCompare() {
  const store = useStore() as AppStore;
  const ids = useAppSelector((state) => state.compare.ids);
  const loaded = useAppSelector((state) => state.compare.loaded);

  useEffect(() => {
    const cancel = inOwnTask(() => ensureLoaded(store));
    const onStorage = (event: StorageEvent) => {
      if (event.key === COMPARE_STORAGE_KEY) store.dispatch(compareLoaded(parseCompareList(event.newValue)));
    };
    window.addEventListener("storage", onStorage);
    return () => {
      cancel();
      window.removeEventListener("storage", onStorage);
    };
  }, [store]);

  const add = useCallback((productId: string | null | undefined) => changeCompare(store, compareAdded(productId)), [store]);
  const remove = useCallback((productId: string) => changeCompare(store, compareRemoved(productId)), [store]);
  const clear = useCallback(() => changeCompare(store, compareCleared()), [store]);

  return { ids, loaded, full: isCompareFull(ids), has: (id: string) => ids.includes(id), add, remove, clear };
}
