"use client";

import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { REPLAYED_EVENT, UNREPLAYED_TEST } from "@/shell/earlyInput";

function subscribe(notify: () => void) {
  window.addEventListener(REPLAYED_EVENT, notify);
  return () => window.removeEventListener(REPLAYED_EVENT, notify);
}

/** Whether React holds every value the shopper left in a field before it hydrated (the early-input script's test). */
function inputsReplayed() {
  const unreplayed = (window as unknown as Record<string, (() => boolean) | undefined>)[UNREPLAYED_TEST];
  return !unreplayed?.();
}

const notYet = () => false;
const subscribeNever = () => () => {};
const asOnTheServer = () => true;

/**
 * Whether this part was hydrated from the server's HTML (true) or drawn anew in the browser
 * (false, as after a client navigation), fixed for the part's life; true on the server.
 *
 * React reads an external store's server snapshot while hydrating, and its browser snapshot when
 * drawing a part anew; after hydrating it compares the browser snapshot with what it hydrated
 * from and, if they differ, draws the part again at once (synchronously: on a category page, 73
 * markup parts in one task). So the browser snapshot here is decided the first time React asks
 * for it and kept: asked while drawing a new part it is false; asked first by that comparison,
 * which runs after this part's own effect below, it is true, as hydrated, and nothing is redrawn.
 */
export function useHydrating(): boolean {
  const part = useRef<{ effectsRan: boolean; fromServer?: boolean }>({ effectsRan: false });
  // before the store hook: React runs a part's effects in order, so this precedes its comparison
  useEffect(() => { part.current.effectsRan = true; }, []);
  const snapshot = useCallback(() => (part.current.fromServer ??= part.current.effectsRan), []);
  return useSyncExternalStore(subscribeNever, snapshot, asOnTheServer);
}

/**
 * False in the server's HTML and until React has hydrated, true after. A button whose action
 * needs script (add to cart) stays disabled until then, so a click on the bare HTML neither
 * submits the form natively (a reload with nothing added) nor is silently lost. It also waits the
 * moment after hydration in which a value typed or ticked before it is on screen but not yet in
 * React's state (see earlyInput.ts): a form sent then would leave it out.
 *
 * The change to true after hydration is a transition. React re-renders an external store's readers
 * synchronously when the store differs from what hydration drew: on a listing, every tile's
 * buttons in the one task that ran the page's effects (111 ms in a Chromium trace of a category
 * page, BENCHMARKS.md; a slow phone's blocking time). So a hydrated part reads the store as "not
 * yet" until its own transition has rendered (`settled`), which React does in slices between the
 * shopper's input. A part drawn anew (a client navigation, a dialog, a tile's live buttons once
 * it has hydrated) reads the store at once. For what must hold as soon as React holds the part,
 * see useMounted.
 */
export function useHydrated(): boolean {
  const hydrating = useHydrating();
  const [settled, setSettled] = useState(!hydrating);
  const hydrated = useSyncExternalStore(subscribe, settled ? inputsReplayed : notYet, notYet);
  useEffect(() => {
    if (!settled) startTransition(() => setSettled(true));
  }, [settled]);
  return hydrated;
}

/**
 * False in the server's HTML and while hydrating, true from this part's first effect on, with no
 * transition in between: for markup only the browser draws (a dialog portalled to the page's end),
 * or for a mark that React now holds the part (the filter drawer's, which ends its :target fallback).
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
