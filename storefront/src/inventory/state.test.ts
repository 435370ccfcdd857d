import { describe, expect, it } from "vitest";
import type { LocationStock, StoreLocation } from "@store/contract";
import { STORE_LIST_ERROR } from "./messages";
import {
  drawerClosed, drawerOpened, initialInventoryState, inventorySlice, myStoreLoaded, myStoreSet, storeListErrorText, storeListFetched,
  storeLocationsFulfilled, storeLocationsPending, storeLocationsRejected, type InventoryState,
} from "./state";

const reduce = (state: InventoryState, ...actions: Parameters<typeof inventorySlice.reducer>[1][]) =>
  actions.reduce((s, a) => inventorySlice.reducer(s, a), state);

const store = (id: string, name: string, distance: number | null = null): StoreLocation => ({
  storelocationid: id, google_code: `G-${id}`, store_name: name, address: `${id} Main St, Town, CA 90000`, street: `${id} Main St`,
  city: "Town", region: "CA", postcode: "90000", country_id: "US", phone: "(555) 000-0000", pickup_method: "store_pickup",
  latitude: 34, longitude: -118, distance, hours: {},
});
const stock = (id: string, name: string, qty: number, distance: number): LocationStock => ({ ...store(id, name, distance), qty, in_stock: qty > 0 });
const loaded = reduce(initialInventoryState, myStoreLoaded(null));

describe("My Store drawer", () => {
  it("is closed by default and remembers where it was opened from", () => {
    expect(initialInventoryState.drawerOpenFrom).toBe("CLOSED");
    const open = reduce(initialInventoryState, drawerOpened("header"));
    expect(open.drawerOpenFrom).toBe("header");
    expect(reduce(open, drawerClosed()).drawerOpenFrom).toBe("CLOSED");
  });
});

describe("My Store from a fetched store list (spec 002 §4)", () => {
  it("makes the first store of a /locations list My Store when none is chosen", () => {
    const list = [store("3", "Irvine", 1.2), store("1", "West Los Angeles", 8.4)];
    const state = reduce(loaded, storeLocationsPending(), storeLocationsFulfilled(list));
    expect(state.storeLocationsStatus).toBe("fulfilled");
    expect(state.storeLocations).toEqual(list);
    expect(state.myStore?.storelocationid).toBe("3");
  });

  it("keeps the My Store already chosen when another list arrives", () => {
    const chosen = reduce(loaded, myStoreSet(store("9", "Bellevue")));
    const state = reduce(chosen, storeLocationsFulfilled([store("3", "Irvine", 1.2)]), storeListFetched([stock("1", "West Los Angeles", 4, 0.5)]));
    expect(state.myStore?.storelocationid).toBe("9");
    expect(state.storeLocations.map((s) => s.store_name)).toEqual(["Irvine"]);
  });

  it("makes the first store of a product's stock list My Store, without its quantities", () => {
    const state = reduce(loaded, storeListFetched([stock("5", "Pasadena", 0, 2.5), stock("1", "West Los Angeles", 4, 6)]));
    expect(state.myStore).toEqual(store("5", "Pasadena", 2.5));
    expect(state.myStore).not.toHaveProperty("qty");
    expect(state.myStore).not.toHaveProperty("in_stock");
    // the drawer's own list is not replaced by a product's stock list
    expect(state.storeLocations).toEqual([]);
  });

  it("changes nothing for an empty list", () => {
    const state = reduce(loaded, storeLocationsFulfilled([]), storeListFetched([]));
    expect(state.myStore).toBeNull();
    expect(state.storeLocationsStatus).toBe("fulfilled");
  });

  it("lets the shopper choose another store at any time", () => {
    const state = reduce(loaded, storeLocationsFulfilled([store("3", "Irvine"), store("1", "West Los Angeles")]), myStoreSet(store("1", "West Los Angeles")));
    expect(state.myStore?.store_name).toBe("West Los Angeles");
  });

  it("prefers the My Store kept in the browser; none kept leaves the current one", () => {
    const picked = reduce(initialInventoryState, storeListFetched([stock("5", "Pasadena", 1, 2)]));
    expect(reduce(picked, myStoreLoaded(store("9", "Bellevue"))).myStore?.store_name).toBe("Bellevue");
    const kept = reduce(picked, myStoreLoaded(null));
    expect(kept.myStore?.store_name).toBe("Pasadena");
    expect(kept.myStoreLoaded).toBe(true);
  });
});

describe("store-list fetch failure (spec 002 §4, §8)", () => {
  it("stores the error and clears it on the next search", () => {
    const failed = reduce(loaded, storeLocationsPending(), storeLocationsRejected(STORE_LIST_ERROR));
    expect(failed.storeLocationsStatus).toBe("rejected");
    expect(failed.storeLocationsError).toBe("An unexpected error occurred while trying to get a list of available store locations.");
    expect(failed.myStore).toBeNull();
    const again = reduce(failed, storeLocationsPending());
    expect(again.storeLocationsError).toBeNull();
    expect(again.storeLocationsStatus).toBe("pending");
  });

  it("shows the store-locations error for a failing or unreachable api, the api's message for a refused request", () => {
    expect(storeListErrorText(503, "unavailable")).toBe(STORE_LIST_ERROR);
    expect(storeListErrorText(500, "")).toBe(STORE_LIST_ERROR);
    expect(storeListErrorText(0, "Failed to fetch")).toBe(STORE_LIST_ERROR);
    expect(storeListErrorText(404, "We could not find the postcode 00000.")).toBe("We could not find the postcode 00000.");
    expect(storeListErrorText(404, " ")).toBe(STORE_LIST_ERROR);
  });
});
