import type { CartAddressBody } from "@store/contract";

/** Shipping estimate inputs (spec 002 §5): a postcode with a dash is cut before the dash; country defaults to US. */
export const DEFAULT_SHIPPING_COUNTRY = "US";

export function cutPostcode(postcode: string | null | undefined): string {
  const text = (postcode ?? "").trim();
  const dash = text.indexOf("-");
  return (dash >= 0 ? text.slice(0, dash) : text).trim();
}

export const shippingCountry = (country: string | null | undefined) => (country ?? "").trim().toUpperCase() || DEFAULT_SHIPPING_COUNTRY;

/**
 * The cart's estimated-shipping address after an estimate (spec 002 §4: the cart is updated only
 * if a postcode exists): the postcode cut at a dash and the country (US by default); null without
 * a postcode.
 */
export function cartShippingAddress(postcode: string | null | undefined, country: string | null | undefined): Pick<CartAddressBody, "postcode" | "country_id"> | null {
  const code = cutPostcode(postcode);
  return code ? { postcode: code, country_id: shippingCountry(country) } : null;
}
