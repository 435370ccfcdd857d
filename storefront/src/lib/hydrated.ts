"use client";

import { useSyncExternalStore } from "react";
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

/**
 * False in the server's HTML and until React has hydrated, true after. A button whose action
 * needs script (add to cart) stays disabled until then, so a click on the bare HTML neither
 * submits the form natively (a reload with nothing added) nor is silently lost. It also waits the
 * moment after hydration in which a value typed or ticked before it is on screen but not yet in
 * React's state (see earlyInput.ts): a form sent then would leave it out.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, inputsReplayed, () => false);
}
