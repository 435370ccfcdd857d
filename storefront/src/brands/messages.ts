/** Texts of the brands and promotions pages (ours: the spec names the pages, not their words). */
export const BRANDS_TITLE = "Brands";
export const BRANDS_INTRO = "Shop by the brands you know. Choose one to see everything we carry from it.";
export const BRANDS_FAILED = "The brands could not be loaded. Please try again later.";
export const PROMOTIONS_TITLE = "Deals & Rebates";
export const PROMOTIONS_INTRO = "Rebates and savings running now. Shop a promotion to see the products that qualify.";
export const PROMOTIONS_EMPTY = "There are no promotions running right now. Please check back soon.";
export const PROMOTIONS_FAILED = "The promotions could not be loaded. Please try again later.";
