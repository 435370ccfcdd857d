import { combineSlices, configureStore } from "@reduxjs/toolkit";
import { useDispatch, useSelector } from "react-redux";
import { shellSlice } from "@/shell/state";
import { wishlistSlice } from "@/wishlist/state";
import { compareSlice } from "@/compare/state";
import { productSlice } from "@/product/state";
import { inventorySlice } from "@/inventory/state";
import { catalogSlice } from "@/catalog/state";
import { searchSlice } from "@/search/state";
import { cartSlice } from "@/cart/state";
import { accountSlice } from "@/account/state";
import { browserAccountDeps } from "@/account/deps";

/**
 * Client interaction state. Each area adds its slice here (combineSlices); server data stays in
 * server components and reaches client components as props.
 */
export const rootReducer = combineSlices(shellSlice, wishlistSlice, compareSlice, productSlice, inventorySlice, catalogSlice, searchSlice, cartSlice, accountSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** One store per browser tab (and per server render), never shared between requests. */
export const makeStore = (preloadedState?: Partial<RootState>) => {
  let dispatch: (action: { type: string }) => unknown = () => undefined;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    // account thunks reach the api and the other areas (cart, wishlist) through this
    middleware: (defaults) => defaults({ thunk: { extraArgument: browserAccountDeps(() => dispatch) } }),
  });
  dispatch = store.dispatch;
  return store;
};

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
