import { z } from "zod";
import { plainText } from "./common";
import { shippingMethod } from "./product";

// ---------------------------------------------------------------------------------------------
// cart addresses (spec 001 §7 "Addresses", spec 002 §7 estimated shipping)
//
// The cart belongs to the caller's session. An address may be partial: the product page's
// shipping estimate sends only postcode and country_id, checkout sends the whole address.

const countryId = z.string().trim().regex(/^[A-Za-z]{2}$/, "country_id must be a two-letter code").transform((c) => c.toUpperCase());

export const cartAddressBody = z.object({
  firstname: plainText(100).optional(),
  lastname: plainText(100).optional(),
  company: plainText(200).optional(),
  street: z.union([plainText(200), z.array(plainText(200)).max(3)]).optional()
    .transform((s) => (s === undefined ? undefined : Array.isArray(s) ? s : [s])),
  city: plainText(100).optional(),
  region: plainText(100).optional(),
  region_id: plainText(20).optional(),
  postcode: plainText(20).optional(),
  country_id: countryId.optional(),
  telephone: plainText(40).optional(),
  email: plainText(254).optional(),
  /** shipping only: ship to the billing address */
  same_as_billing: z.boolean().optional(),
});
export type CartAddressBody = z.input<typeof cartAddressBody>;
export type CartAddressChange = z.output<typeof cartAddressBody>;

/** validation_errors messages (the postcode's is invalidPostcodeMessage, as for the estimate) */
export const CART_INVALID_EMAIL = "Please enter a valid email address.";
export const CART_INVALID_TELEPHONE = "Please enter a valid phone number.";

export const cartAddress = z.object({
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  street: z.array(z.string()),
  city: z.string(),
  region: z.string(),
  region_id: z.string(),
  postcode: z.string(),
  country_id: z.string(),
  telephone: z.string(),
  email: z.string(),
  /** one line per part, empty when the address is empty (spec 001: addresses differ only when neither text is empty) */
  formatted: z.string(),
});
export type CartAddress = z.infer<typeof cartAddress>;

export const cartValidationError = z.object({ field: z.string(), message: z.string() });

export const cartAddressAnswer = z.object({
  address_type: z.enum(["shipping", "billing"]),
  address: cartAddress,
  same_as_billing: z.boolean(),
  /** an update is accepted when this list is empty */
  validation_errors: z.array(cartValidationError),
  /** delivery options to the shipping postcode (null without one) */
  estimated_shipping: z.object({ postcode: z.string(), country_id: z.string(), methods: z.array(shippingMethod) }).nullable(),
});
export type CartAddressAnswer = z.infer<typeof cartAddressAnswer>;
