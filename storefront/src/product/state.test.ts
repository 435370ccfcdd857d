import { describe, expect, it } from "vitest";
import { PRODUCT_FETCH_ERROR } from "./messages";
import {
  initialProductState, isLoading, isNotFound, productFetchFailed, productSlice, swatchChosen, variantFailed, variantLoaded, variantPending,
  type ProductState,
} from "./state";
import type { VariantView } from "./view";

const reduce = (state: ProductState, ...actions: Parameters<typeof productSlice.reducer>[1][]) =>
  actions.reduce((s, a) => productSlice.reducer(s, a), state);
const root = (product: ProductState) => ({ product });

const variant = (id: string): VariantView => ({
  entity_id: id, sku: `SKU-${id}`, model_number: null, in_stock: true, qty: 3, gallery: [], image: "", sale_ends: null,
  prices: {} as VariantView["prices"],
});

describe("product fetch state (spec 002 §4, §8)", () => {
  it("uses the spec's product fetch error text", () => {
    expect(PRODUCT_FETCH_ERROR).toBe("There was an error fetching products.");
  });

  it("sets the loading flag while a product is being fetched", () => {
    const state = reduce(initialProductState, variantPending({ productId: "12" }));
    expect(isLoading(root(state), "12")).toBe(true);
    expect(isLoading(root(state), "13")).toBe(false);
  });

  it("adds the id of a product that failed to load to the not-found list, once", () => {
    const state = reduce(
      initialProductState,
      variantPending({ productId: "12" }),
      variantFailed({ parentId: "10", productId: "12", message: PRODUCT_FETCH_ERROR }),
      variantFailed({ parentId: "10", productId: "12", message: PRODUCT_FETCH_ERROR }),
    );
    expect(state.notFound).toEqual(["12"]);
    expect(isNotFound(root(state), "12")).toBe(true);
    expect(isLoading(root(state), "12")).toBe(false);
    expect(state.status["12"]).toBe("rejected");
    // the error is shown on the configurable the child belongs to
    expect(state.error["10"]).toBe(PRODUCT_FETCH_ERROR);
  });

  it("adds the page's own product to the not-found list when its fetch fails", () => {
    const state = reduce(initialProductState, productFetchFailed({ productId: "fridge-42", message: PRODUCT_FETCH_ERROR }));
    expect(state.notFound).toEqual(["fridge-42"]);
    expect(state.status["fridge-42"]).toBe("rejected");
    expect(state.error["fridge-42"]).toBe(PRODUCT_FETCH_ERROR);
    const again = reduce(state, productFetchFailed({ productId: "stove-7", message: PRODUCT_FETCH_ERROR }));
    expect(again.notFound).toEqual(["fridge-42", "stove-7"]);
  });

  it("shows a loaded child when it is still the chosen one, and takes it off the not-found list", () => {
    const chosen = reduce(
      initialProductState,
      swatchChosen({ parentId: "10", choice: { color: "white" }, productId: "12", preview: null }),
      variantFailed({ parentId: "10", productId: "12", message: PRODUCT_FETCH_ERROR }),
      swatchChosen({ parentId: "10", choice: { color: "white" }, productId: "12", preview: null }),
    );
    // choosing again clears the error shown
    expect(chosen.error["10"]).toBeNull();
    const loaded = reduce(chosen, variantLoaded({ parentId: "10", variant: variant("12") }));
    expect(loaded.status["12"]).toBe("fulfilled");
    expect(loaded.notFound).toEqual([]);
    expect(loaded.selection["10"]?.variant?.sku).toBe("SKU-12");

    // an answer for a child no longer chosen does not replace the one shown
    const moved = reduce(loaded, swatchChosen({ parentId: "10", choice: { color: "black" }, productId: "11", preview: null }));
    const late = reduce(moved, variantLoaded({ parentId: "10", variant: variant("12") }));
    expect(late.selection["10"]?.productId).toBe("11");
    expect(late.selection["10"]?.variant).toBeNull();
  });
});
