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

/** Reads the stored list once per page (the first part that asks), and follows changes from other tabs. */
function useCompareLoaded(store: AppStore) {
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
}

/** The compare list, kept in the browser and shared between tabs. */
export function useCompare() {
  const store = useStore() as AppStore;
  const ids = useAppSelector((state) => state.compare.ids);
  const loaded = useAppSelector((state) => state.compare.loaded);
  useCompareLoaded(store);

  const remove = useCallback((productId: string) => changeCompare(store, compareRemoved(productId)), [store]);
  const clear = useCallback(() => changeCompare(store, compareCleared()), [store]);

  return { ids, loaded, remove, clear };
}

/**
 * One product's place in the compare list, for its toggle: whether it is listed and whether the
 * list is full, read as two flags, so a tile's button is drawn again only when one of them changes
 * (not when the list is read in or another product is added).
 */
export function useCompareEntry(productId: string) {
  const store = useStore() as AppStore;
  const listed = useAppSelector((state) => state.compare.ids.includes(productId));
  const full = useAppSelector((state) => isCompareFull(state.compare.ids));
  useCompareLoaded(store);
  const add = useCallback(() => changeCompare(store, compareAdded(productId)), [store, productId]);
  const remove = useCallback(() => changeCompare(store, compareRemoved(productId)), [store, productId]);
  return { listed, full, add, remove };
}
