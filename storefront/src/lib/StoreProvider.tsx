"use client";

import { useState, type ReactNode } from "react";
import { Provider } from "react-redux";
import { makeStore } from "./store";

/**
 * The page's client store. Hydration renders from the state the store started with, the same
 * state the server rendered from (`serverState`): parts of the page hydrated later (inside a
 * Suspense boundary) would otherwise see state that effects of parts hydrated earlier already
 * changed (My Store read from the browser, say) and not match the server's HTML. They render with
 * the current state right after hydrating.
 */
export default function StoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(makeStore);
  const [serverState] = useState(() => store.getState());
  return <Provider store={store} serverState={serverState}>{children}</Provider>;
}
