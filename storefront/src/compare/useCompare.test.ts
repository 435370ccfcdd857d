import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeStore } from "@/lib/store";
import { COMPARE_STORAGE_KEY } from "./compareList";
import { compareAdded, compareRemoved } from "./state";
import { changeCompare } from "./useCompare";

/** The browser's localStorage, as the page sees it. */
function browserStorage(initial: Record<string, string>) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("a change to the compare list", () => {
  const global = globalThis as { window?: unknown };
  beforeEach(() => {
    global.window = { localStorage: browserStorage({ [COMPARE_STORAGE_KEY]: JSON.stringify(["11", "12", "13"]) }) };
  });
  afterEach(() => {
    delete global.window;
  });
  const stored = () => JSON.parse((global.window as { localStorage: Storage }).localStorage.getItem(COMPARE_STORAGE_KEY)!);

  it("made before the page has read the stored list (a quick click) keeps the products listed on other pages", () => {
    const store = makeStore();
    expect(store.getState().compare.loaded).toBe(false);
    changeCompare(store, compareAdded("14"));
    expect(stored()).toEqual(["11", "12", "13", "14"]);
    expect(store.getState().compare).toEqual({ ids: ["11", "12", "13", "14"], loaded: true });
  });

  it("a removal before the read takes that product alone", () => {
    const store = makeStore();
    changeCompare(store, compareRemoved("12"));
    expect(stored()).toEqual(["11", "13"]);
  });
});
