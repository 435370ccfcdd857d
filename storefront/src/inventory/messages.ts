/** Strings of the store stock and My Store areas. */
export const STORE_LIST_ERROR = "An unexpected error occurred while trying to get a list of available store locations.";
export const MY_STORE_LABEL = "My Store";
export const SET_MY_STORE_LABEL = "Set as My Store";
export const DEFAULT_STORE_LABEL = "Our Store";
export const CHECK_STOCK_HEADING = "Check store stock";
export const GEOLOCATION_ERROR = "Your location is not available. Enter a ZIP code instead.";
export const CONFIGURABLE_STOCK_NOTE = "Choose an option to check store stock.";
export const FIND_STORES_LABEL = "Find stores";
export const FIND_STORES_HINT = "Enter a ZIP code or use your location to find the stores nearest you.";
export const USE_MY_LOCATION = "Use my location";
export const CLOSE_STORE_LOCATIONS = "Close store locations";
export const LOADING_STORES = "Loading stores…";
export const NO_STORES_FOUND = "No stores found near this location.";
export const CHOOSE_A_STORE = "Choose a store";
export const CHANGE_STORE = "Change store";
export const storesFoundText = (count: number) => `${count} ${count === 1 ? "store" : "stores"} found, nearest first`;
