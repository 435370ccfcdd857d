/** Shipping estimate inputs (spec 002 §5): a postcode with a dash is cut before the dash; country defaults to US. */
export const DEFAULT_SHIPPING_COUNTRY = "US";

export function cutPostcode(postcode: string | null | undefined): string {
  const text = (postcode ?? "").trim();
  const dash = text.indexOf("-");
  return (dash >= 0 ? text.slice(0, dash) : text).trim();
}

export const shippingCountry = (country: string | null | undefined) => (country ?? "").trim().toUpperCase() || DEFAULT_SHIPPING_COUNTRY;
