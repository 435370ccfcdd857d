/** User-facing strings of the product area: spec 002 wording where it gives one, ours otherwise. */
export const PRODUCT_FETCH_ERROR = "There was an error fetching products.";
export const DEFAULT_OUTLET_CALLOUT = "Open Box";
export const DEFAULT_TAB_LABEL = "Product Overview";
export const SPECIFICATIONS_TAB_LABEL = "Specifications";
export const DIMENSIONS_TAB_LABEL = "Dimensions";
export const REVIEWS_TAB_LABEL = "Reviews";
export const SHOP_NOW_LABEL = "Shop Now";
export const VALID_LABEL = "Valid";
export const REBATE_FORM_LABEL = "Rebate Form";
export const ADD_TO_CART_LABEL = "Add to Cart";
export const CART_COMING_SOON = "Online ordering is coming soon. Call or visit a store to buy this item.";
export const POA_TEXT = "Price available on application. Contact us for a quote.";
export const SALE_ENDS_PREFIX = "Sale ends";
export const IN_STOCK_TEXT = "In stock";
export const OUT_OF_STOCK_TEXT = "Out of stock";
export const PRODUCT_UNAVAILABLE_TITLE = "This product could not be loaded";
export const TRY_AGAIN_LABEL = "Try again";
export const CONTINUE_SHOPPING_LABEL = "Continue shopping";
/** the personal recommendations carousel, shown where a product has no related items of its own */
export const PERSONAL_HEADING = "Recommended for you";
export const PERSONAL_LIMIT = 12;
