import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { AutocompleteResult } from "@store/contract";

/** Header search state (spec 002 §3): the term, the suggestions and the logged query's history id. */
export interface SearchState {
  searchTerm: string;
  displayResults: boolean;
  displaySearch: boolean;
  mobileSearchBarOpen: boolean;
  suggestedSearches: AutocompleteResult["searches"];
  suggestedCategories: AutocompleteResult["categories"];
  suggestedProducts: AutocompleteResult["products"];
  /** idle or pending (spec 002 §4) */
  status: "idle" | "pending";
  searchHistoryId: string | null;
}

export const initialSearchState: SearchState = {
  searchTerm: "",
  displayResults: false,
  displaySearch: true,
  mobileSearchBarOpen: false,
  suggestedSearches: [],
  suggestedCategories: [],
  suggestedProducts: [],
  status: "idle",
  searchHistoryId: null,
};

export const searchSlice = createSlice({
  name: "search",
  initialState: initialSearchState,
  reducers: {
    setSearchTerm(state, action: PayloadAction<string>) {
      state.searchTerm = action.payload;
    },
    setDisplayResults(state, action: PayloadAction<boolean>) {
      state.displayResults = action.payload;
    },
    setMobileSearchBarOpen(state, action: PayloadAction<boolean>) {
      state.mobileSearchBarOpen = action.payload;
    },
    suggestionsPending(state) {
      state.status = "pending";
    },
    suggestionsLoaded(state, action: PayloadAction<Pick<AutocompleteResult, "searches" | "categories" | "products">>) {
      state.status = "idle";
      state.suggestedSearches = action.payload.searches;
      state.suggestedCategories = action.payload.categories;
      state.suggestedProducts = action.payload.products;
    },
    /** a failed suggestion call is ignored (spec 002 §4): the status goes back to idle */
    suggestionsFailed(state) {
      state.status = "idle";
    },
    clearSuggestions(state) {
      state.suggestedSearches = [];
      state.suggestedCategories = [];
      state.suggestedProducts = [];
      state.displayResults = false;
    },
    setSearchHistoryId(state, action: PayloadAction<string | null>) {
      state.searchHistoryId = action.payload;
    },
  },
});

export const {
  setSearchTerm, setDisplayResults, setMobileSearchBarOpen, suggestionsPending, suggestionsLoaded, suggestionsFailed,
  clearSuggestions, setSearchHistoryId,
} = searchSlice.actions;
