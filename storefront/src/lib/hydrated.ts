"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and until React has hydrated, true after. A button whose action
 * needs script (add to cart) stays disabled until then, so a click on the bare HTML neither
 * submits the form natively (a reload with nothing added) nor is silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
