/** Strings of the store stock and My Store areas. */
export const STORE_LIST_ERROR = "An unexpected error occurred while trying to get a list of available store locations.";
export const UNKNOWN_ERROR = "Unknown error occurred.";
export const MY_STORE_LABEL = "My Store";
export const SET_MY_STORE_LABEL = "Set as My Store";
export const DEFAULT_STORE_LABEL = "Our Store";
export const CHECK_STOCK_HEADING = "Check store stock";
export const GEOLOCATION_ERROR = "Your location is not available. Enter a ZIP code instead.";
export const CONFIGURABLE_STOCK_NOTE = "Choose an option to check store stock.";
