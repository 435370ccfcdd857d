/** Console messages of promo banners (spec 000 §8): shoppers see no error, the banner area stays empty. */
export const MISSING_TYPE_MESSAGE = "avb-promotions: Missing 'data-type' key on element.";
export const LOAD_FAILED_PREFIX = "avb-promotions: ";
