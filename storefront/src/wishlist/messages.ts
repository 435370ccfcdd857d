/** Strings of the wishlist area. */
export const WISHLIST_LABEL = "Wishlist";
export const WISHLIST_EMPTY = "Your wishlist is empty.";
export const WISHLIST_GUEST_NOTE = "Your wishlist is saved in this browser. Sign in to keep it with your account.";
