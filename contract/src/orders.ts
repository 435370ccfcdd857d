import { z } from "zod";
import { money, plainText } from "./common";

// ---------------------------------------------------------------------------------------------
// payment on the cart, placing the order, the customer's orders (spec 001 §4 "Placing an order",
// §5, §7 "Payment" and "Placing the order", §8)

/** Spec 001 §8: the place-order failure text when the answer names no error. */
export const ORDER_GENERIC_ERROR = "An error occurred while processing your order. If the issue persists, please contact support for assistance.";
/** Spec 001 §8: any database failure (a message with a SQLSTATE) is shown as this. */
export const ORDER_DATABASE_ERROR = "Database error";
/** Spec 001 §8: the email-the-cart failure text. */
export const CART_EMAIL_ERROR = "An error occurred while sending email.";
export const ORDER_IN_PROGRESS = "This order is already being placed. Please wait a moment.";
export const ORDER_EMPTY_CART = "Your cart is empty.";
export const ORDER_NEEDS_EMAIL = "Please enter your email address.";
export const ORDER_NEEDS_SHIPPING_METHOD = "Please choose a shipping method.";
export const ORDER_NEEDS_PAYMENT_METHOD = "Please choose a payment method.";
export const ORDER_NEEDS_BILLING = "Please enter the billing address with first name and telephone.";
export const ORDER_NEEDS_SHIPPING = "Please enter the shipping address.";
export const ORDER_SHIPPING_UNAVAILABLE = "The chosen shipping method is no longer available for this cart.";
export const ORDERS_SIGN_IN = "Please sign in to see your orders.";
export const orderOutOfStock = (name: string) => `Sorry, "${name}" is out of stock in the quantity you ordered.`;

export const cartPaymentBody = z.object({
  method: plainText(64),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type CartPaymentBody = z.output<typeof cartPaymentBody>;
export const cartPaymentAnswer = z.object({ method: z.string().nullable(), data: z.record(z.string(), z.unknown()) });
export type CartPaymentAnswer = z.infer<typeof cartPaymentAnswer>;

export const placeOrderBody = z.object({
  method: plainText(64).optional(),
  /** card orders send the card fields again: they are never stored */
  data: z.record(z.string(), z.unknown()).optional(),
  "g-recaptcha-response": plainText(4000).optional(),
}).default({});

export const orderStatus = z.enum(["pending_payment", "processing", "payment_review", "suspected_fraud", "canceled"]);

export const orderLine = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  qty: z.number().int(),
  price: money,
  original_price: money,
  row_total: money,
  crosssell_parent_ids: z.array(z.number().int()),
});

export const orderAddress = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const order = z.object({
  entity_id: z.number().int(),
  /** the order number a shopper reads out */
  increment_id: z.string(),
  status: orderStatus,
  created_at: z.string(),
  email: z.string(),
  order_total: money,
  totals: z.object({ subtotal: money, discount: money, shipping: money, tax: money, fee: money, grand_total: money }),
  coupon_code: z.string().nullable(),
  shipping_method: z.string(),
  shipping_title: z.string(),
  billing_address: orderAddress,
  shipping_address: orderAddress,
  payment: z.object({ method: z.string(), data: z.record(z.string(), z.unknown()) }),
  items: z.array(orderLine),
  additional_information: z.object({ email_address: z.string() }),
});
export type Order = z.infer<typeof order>;

export const placeOrderAnswer = z.object({
  order,
  /** success; suspicious (check / money order held for review: go to /checkout/confirmation); pending; redirect */
  status: z.enum(["success", "suspicious", "pending", "redirect"]),
  redirect_url: z.string().optional(),
  messages: z.object({ success: z.array(z.object({ message: z.string() })), error: z.array(z.object({ message: z.string() })) }),
});
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswer>;

export const ordersAnswer = z.object({ orders: z.array(order) });
export type OrdersAnswer = z.infer<typeof ordersAnswer>;

export const cartEmailBody = z.object({
  to: plainText(254),
  message: plainText(2000).optional(),
});
export const cartEmailAnswer = z.object({ messages: z.object({ success: z.array(z.object({ message: z.string() })) }) });
