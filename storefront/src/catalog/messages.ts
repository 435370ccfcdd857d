/** User-facing strings of the catalogue area, verbatim from spec 002 §8. */
export const CATALOG_FETCH_ERROR = "There was an error fetching products.";
export const SEARCH_FETCH_ERROR = "There was an error fetching products. Please try again later.";
export const POSM_FETCH_ERROR = "There was an error fetching posm products.";
export const BLOG_FETCH_ERROR = "Could not complete fetch catalog blog request";
export const EMPTY_LISTING = "No products match your selection.";
export const EMPTY_SEARCH = (term: string) => `No products were found for "${term}".`;
