/** Strings of the reviews area (ours; spec 002 names the data, not the wording). */
export const REVIEWS_HEADING = "Customer Reviews";
export const NO_REVIEWS = "There are no reviews for this product yet.";
export const NO_MATCHING_REVIEWS = "No reviews match this rating.";
export const REVIEWS_LOAD_ERROR = "Reviews could not be loaded. Please try again.";
export const ORDER_LABELS = {
  newest: "Newest",
  oldest: "Oldest",
  most_helpful: "Most helpful",
  highest_rating: "Highest rating",
  lowest_rating: "Lowest rating",
} as const;
export const RATING_WORDS = ["five", "four", "three", "two", "one"] as const;
