"use client";

import { useCallback, useEffect } from "react";
import { useStore } from "react-redux";
import { useAppSelector, type AppStore } from "@/lib/store";
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

/** The compare list, kept in the browser and shared between tabs. */
export function useCompare() {
  const store = useStore() as AppStore;
  const ids = useAppSelector((state) => state.compare.ids);
  const loaded = useAppSelector((state) => state.compare.loaded);

  useEffect(() => {
    if (!store.getState().compare.loaded) store.dispatch(compareLoaded(readLocal()));
    const onStorage = (event: StorageEvent) => {
      if (event.key === COMPARE_STORAGE_KEY) store.dispatch(compareLoaded(parseCompareList(event.newValue)));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [store]);

  const add = useCallback((productId: string | null | undefined) => {
    store.dispatch(compareAdded(productId));
    save(store);
  }, [store]);
  const remove = useCallback((productId: string) => {
    store.dispatch(compareRemoved(productId));
    save(store);
  }, [store]);
  const clear = useCallback(() => {
    store.dispatch(compareCleared());
    save(store);
  }, [store]);

  return { ids, loaded, full: isCompareFull(ids), has: (id: string) => ids.includes(id), add, remove, clear };
}
