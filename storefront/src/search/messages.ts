/** User-facing strings of the search page beyond spec 002 §8 (which has only the fetch error). */
export const SHOWING_RESULTS_FOR = "Showing results for";
export const NO_RESULTS_FOR = "No results for";
export const CLOSE_MATCHES = "No exact matches; showing close matches instead.";
export const ZERO_RESULTS_HINT = "Check the spelling, try fewer or more general words, or start from one of these.";
export const ZERO_RESULTS_SEARCHES = "Popular searches";
export const ZERO_RESULTS_CATEGORIES = "Shop top categories";
export const ZERO_RESULTS_PRODUCTS = "Popular products";
/** The named carousel configuration of the zero-results page (spec 000 §3). */
export const ZERO_RESULTS_CAROUSEL = "search_zero_results";
