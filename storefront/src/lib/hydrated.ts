"use client";

import { startTransition, useEffect, useState, useSyncExternalStore } from "react";
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

/** True once the page's hydration has been followed by its first render as hydrated: a part mounted later starts hydrated. */
let pageSettled = false;

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
 * page, BENCHMARKS.md; a slow phone's blocking time). So the store here reads "not yet" until this
 * part's own transition has rendered (`settled`), which React does in slices between the shopper's
 * input. A part mounted after the page has settled (a client navigation, a dialog) reads the store
 * at once. For what must hold as soon as React holds the part, see useMounted.
 */
export function useHydrated(): boolean {
  const [settled, setSettled] = useState(pageSettled);
  const hydrated = useSyncExternalStore(subscribe, settled ? inputsReplayed : notYet, notYet);
  useEffect(() => {
    if (settled) pageSettled = true;
    else startTransition(() => setSettled(true));
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
