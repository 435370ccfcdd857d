/** Console messages of promo banners (spec 000 §8): shoppers see no error, the banner area stays empty. */
export {
  PROMOTIONS_MISSING_TYPE as MISSING_TYPE_MESSAGE,
  PROMOTIONS_LOAD_FAILED_PREFIX as LOAD_FAILED_PREFIX,
} from "@store/contract/editor-tags";
