import { z } from "zod";
import { money, plainText } from "./common";
// spec 001 §9 default labels live with the texts browser code reads
export { CART_TOTAL_TITLES } from "./messages";
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

// ---------------------------------------------------------------------------------------------
// the cart itself (spec 001 §3 "Cart", §7 "Cart", "Items", "Shipping")
//
// Amounts follow the rest of the contract: `amount` is in major units (dollars, as a number) with
// `formatted` in the store's currency; the api stores and adds integer minor units (cents).
// Discount amounts are positive (money taken off); grand_total = subtotal − discount + fee +
// shipping + tax.


/** Spec 001 §5 add-on errors. */
export const CART_INVALID_ADDON = "Invalid addon or mainProductId";
export const CART_INVALID_ADDON_REMOVAL = "Invalid addon, cart, or main product ID";
/** Our texts for what the spec leaves open. */
export const CART_ITEM_NOT_FOUND = "The cart item was not found.";
export const CART_PRODUCT_NOT_FOUND = "The product was not found.";
export const CART_CHOOSE_OPTIONS = "Please choose the product's options.";
export const CART_OPTIONS_UNAVAILABLE = "The chosen options are not available.";
export const CART_INVALID_BUNDLE = "The chosen package selections are not valid.";
export const CART_UNKNOWN_SHIPPING_METHOD = "The shipping method is not available.";
export const CART_CHOOSE_STORE = "Please choose a store for pickup.";
export const CART_INVALID_DELIVERY_DATE = "Please choose a delivery date from the booking calendar.";
export const CART_NOT_SCHEDULED_METHOD = "This shipping method has no delivery booking.";
export const cartQtyUnavailable = (name: string) => `The requested quantity for "${name}" is not available.`;
export const cartNotSellable = (name: string) => `"${name}" cannot be bought online; please contact us for a price.`;
export const cartNotInStoreStock = (name: string, store: string) => `"${name}" is not in stock at ${store}.`;
export const couponNotValid = (code: string) => `The coupon code "${code}" is not valid.`;
export const couponBelowMinimum = (code: string, minimum: string) => `The coupon code "${code}" needs a subtotal of at least ${minimum}.`;
export const couponApplied = (code: string) => `You used coupon code "${code}".`;

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);
const qty = z.coerce.number().int().min(1).max(999);
/** crosssell_parent_id: one main product id (a number or its string) */
const parentId = z.union([positiveId, z.literal("").transform(() => undefined), z.null().transform(() => undefined)]);

/** super_attribute: {attribute_id: option_id} picking a configurable product's option */
const superAttribute = z.record(z.string().regex(/^\d{1,9}$/, "super_attribute keys are attribute ids"), positiveId);
/**
 * bundle_option: {option_id: selection_id, or a list of selection ids}; a list picks several pieces
 * of one option, an empty list none (an optional option left out); omitted options take their
 * default selection
 */
const bundleOption = z.record(
  z.string().regex(/^\d{1,9}$/, "bundle_option keys are option ids"),
  z.union([positiveId, z.array(positiveId).max(20)]),
);

export const cartItemInput = z.object({
  product_id: positiveId,
  super_attribute: superAttribute.optional(),
  bundle_option: bundleOption.optional(),
  qty: qty.optional(),
  crosssell_parent_id: parentId.optional(),
});
export type CartItemInput = z.output<typeof cartItemInput>;

export const cartAddItemsBody = z.union([
  z.object({ items: z.array(cartItemInput).min(1).max(50) }),
  cartItemInput,
]);
export type CartAddItemsBody = z.output<typeof cartAddItemsBody>;

export const cartItemIdParams = z.object({ id: positiveId });
export const cartUpdateItemBody = z.object({ qty: z.coerce.number().int().min(0).max(999), crosssell_parent_id: parentId.optional() });
export const cartRemoveItemQuery = z.object({ crosssell_parent_id: parentId.optional() });

const nullableText = (max: number) => z.union([plainText(max), z.null()]);
export const cartUpdateBody = z.object({
  coupon_code: nullableText(64).optional(),
  email: nullableText(254).optional(),
  shipping_method: nullableText(64).optional(),
  sales_assistance: nullableText(500).optional(),
}).strict();
export type CartUpdateBody = z.output<typeof cartUpdateBody>;

export const cartShippingBody = z.object({
  method: plainText(64).min(1),
  data: z.object({
    /** in-store pickup: the store */
    location_id: positiveId.optional(),
    /** scheduled delivery: YYYY-MM-DD from the booking page */
    delivery_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "delivery_date must be YYYY-MM-DD").optional(),
  }).strict().optional(),
});
export const cartPackageAiBody = z.object({ shipping_method: plainText(64).min(1) });
export const cartPackageAiAnswer = z.object({ booking_url: z.string(), delivery_dates: z.array(z.string()) });

export const cartEmbed = z.enum(["totals", "items", "shipping_methods", "payment_methods", "billing_address", "shipping_address", "payment"]);
export type CartEmbed = z.infer<typeof cartEmbed>;
export const cartQuery = z.object({
  embed: z.string().max(200).optional().transform((s, ctx) => {
    if (s === undefined || s.trim() === "") return undefined;
    const parts = s.split(",").map((p) => p.trim()).filter(Boolean);
    for (const p of parts) {
      if (!cartEmbed.safeParse(p).success) {
        ctx.addIssue({ code: "custom", message: `unknown embed "${p.slice(0, 40)}"` });
        return z.NEVER;
      }
    }
    return parts as CartEmbed[];
  }),
});

const total = z.object({ amount: z.number(), formatted: z.string(), title: z.string() });
export const cartTotals = z.object({
  discount: total, fee: total, grand_total: total, shipping: total, subtotal: total, tax: total,
});

export const cartItem = z.object({
  item_id: z.number().int(),
  product_id: z.number().int(),
  /** the option chosen of a configurable product (its simple child), else null */
  child_product_id: z.number().int().nullable(),
  type_id: z.string(),
  sku: z.string(),
  name: z.string(),
  url_key: z.string(),
  image_url: z.string(),
  qty: z.number().int(),
  price: money,
  original_price: money,
  row_total: money,
  manufacturer: z.string(),
  model_number: z.string(),
  /** comma list of the main product ids this line is an add-on of ("" when none) */
  crosssell_parent_id: z.string(),
  bundle_selections: z.array(z.object({ option_id: z.number().int(), selection_id: z.number().int(), product_id: z.number().int(), sku: z.string(), name: z.string(), qty: z.number().int() })),
  instant_savings: money,
  consumer_rebate: money,
  fees: z.array(z.object({ title: z.string(), fee_amount: money })),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartEmbeddedAddress = cartAddress.extend({
  middlename: z.string(), prefix: z.string(), suffix: z.string(), fax: z.string(),
  formatted_text: z.string(), formatted_html: z.string(),
  validation_errors: z.array(cartValidationError),
  same_as_billing: z.boolean().optional(),
});

export const cartShippingMethodOption = z.object({
  code: z.string(),
  carrier_title: z.string(),
  title: z.string(),
  type: z.enum(["flat", "free_over", "pickup", "scheduled"]),
  price: money,
  /** pickup: each store and whether it holds every line */
  stores: z.array(z.object({ location_id: z.number().int(), store_name: z.string(), in_stock: z.boolean() })).optional(),
});
export const cartPaymentMethod = z.object({ code: z.string(), title: z.string(), additional_data: z.record(z.string(), z.unknown()) });
export const cartPayment = z.object({ method: z.string(), data: z.record(z.string(), z.unknown()) });

export const cartInfo = z.object({
  qty: z.number().int(),
  coupon_code: z.string().nullable(),
  coupon_error: z.string().nullable(),
  messages: z.object({ error: z.array(z.string()), success: z.array(z.string()) }),
  email: z.string().nullable(),
  shipping_method: z.string().nullable(),
  shipping_data: z.record(z.string(), z.unknown()),
  fees: z.array(z.object({ title: z.string(), fee_amount: money })),
  has_error: z.boolean(),
  payment: cartPayment.nullable(),
  sales_assistance: z.string().nullable(),
});

export const buyMoreSaveMoreInfo = z.object({
  type: z.enum(["BuyMoreSaveMore_MailIn", "BuyMoreSaveMore_Instant"]),
  program_id: z.string(),
  promo_name: z.string(),
  qualifying_qty: z.number().int(),
  savings: money,
  /** the cart's grand total once these savings are counted (mail-in: after the rebate comes back) */
  buymoresavemore_final_price: money,
});

export const cartAnswer = z.object({
  totals: cartTotals.optional(),
  items: z.record(z.string(), cartItem).optional(),
  /** item ids in the order they were added */
  itemList: z.array(z.number().int()).optional(),
  /** main product id → add-on product ids */
  addons: z.record(z.string(), z.array(z.number().int())).optional(),
  addresses: z.object({ billing: cartEmbeddedAddress.optional(), shipping: cartEmbeddedAddress.optional() }).optional(),
  methods: z.object({ shipping: z.array(cartShippingMethodOption).optional(), payment: z.array(cartPaymentMethod).optional() }).optional(),
  payment: cartPayment.nullable().optional(),
  info: cartInfo,
  discount_subtotal_plus_consumer_rebate: money,
  discount_subtotal_plus_discount: money,
  discount_subtotal_plus_instant_savings: money,
  buymoresavemore_info: z.array(buyMoreSaveMoreInfo),
});
export type CartAnswer = z.infer<typeof cartAnswer>;

export const cartItemAnswer = cartAnswer.extend({ item_id: z.number().int() });
export const cartShippingAnswer = cartAnswer.extend({
  method: z.string(),
  data: z.object({ location_id: z.number().int().optional(), delivery_date: z.string().optional(), delivery_message: z.string().optional(), delivery_title: z.string().optional() }),
});
export type CartShippingAnswer = z.infer<typeof cartShippingAnswer>;
export type CartShippingBody = z.output<typeof cartShippingBody>;
export type CartItemAnswer = z.infer<typeof cartItemAnswer>;
