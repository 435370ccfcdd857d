import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { CartAnswer, Money } from "@store/contract";

/** Spec 001 §4 "Operation statuses": every cart operation, each uncalled, loading, success or failure. */
export const CART_OPERATIONS = [
  "fetch_info", "add_cart_products", "add_addon", "remove_addon", "remove_product", "update_product_qty", "add_coupon_code",
  "fetch_estimated_shipping", "send_email", "update_email", "update_billing_address", "update_shipping_address",
  "update_same_as_billing", "update_shipping_method", "set_payment_method", "update_payment_method", "place_order",
  "update_sales_assistance_field",
] as const;
export type CartOperation = (typeof CART_OPERATIONS)[number];
export type OperationStatus = "uncalled" | "loading" | "success" | "failure";

/** Operations that change items, quantities, add-ons or the coupon: they reset the chosen payment (§4 "Payment reset"). */
const PAYMENT_RESETTING: ReadonlySet<CartOperation> = new Set([
  "add_cart_products", "add_addon", "remove_addon", "remove_product", "update_product_qty", "add_coupon_code",
]);
const ADDRESS_UPDATES: ReadonlySet<CartOperation> = new Set(["update_billing_address", "update_shipping_address"]);
const PAYMENT_CHANGES: ReadonlySet<CartOperation> = new Set(["set_payment_method", "update_payment_method"]);

/** The order a successful POST /cart/place answers (spec 001 §3 "order"). */
export interface PlacedOrder {
  increment_id: string;
  email?: string;
  order_total?: { amount: number; formatted: string };
  shipping_title?: string;
  payment?: { method: string; data: Record<string, unknown> };
  items?: Array<{ product_id: number; sku: string; name: string; qty: number; row_total: { formatted: string } }>;
  totals?: { subtotal: Money; discount: Money; shipping: Money; tax: Money; fee: Money; grand_total: Money };
  coupon_code?: string | null;
  shipping_address?: Record<string, string | string[]>;
  /** the payment method's title as the checkout showed it (the order names only its code) */
  payment_title?: string;
  additional_information?: { email_address?: string };
  [key: string]: unknown;
}

export interface CardInfo { cc_type: string; cc_number: string; cc_cid: string; cc_exp_month: string; cc_exp_year: string }
export const emptyCardInfo: CardInfo = { cc_type: "", cc_number: "", cc_cid: "", cc_exp_month: "", cc_exp_year: "" };

/** Spec 001 §3 "package delivery info". */
export interface PackageDelivery {
  bookingUrl: string | null;
  modalOpen: boolean;
  selectedShippingMethod: string | null;
  deliveryDateLong: string | null;
  deliveryMessage: string | null;
  deliveryTitle: string | null;
}

export interface CartState {
  /** the last cart the api answered (null before the first fetch) */
  cart: CartAnswer | null;
  status: Record<CartOperation, OperationStatus>;
  /** the text of each operation's last failure */
  errors: Record<CartOperation, string | null>;
  cartAddressConfirmed: boolean;
  /** the chosen payment method in the browser ("" when none) */
  paymentMethod: string;
  /** items, qty, add-ons or coupon changed since the payment was chosen: it must be chosen again */
  paymentResetPending: boolean;
  card: CardInfo;
  cardError: string | null;
  order: PlacedOrder | null;
  /** the place-order answer's status ("suspicious" for a held check payment) */
  placeOrderResult: string | null;
  placeOrderErrors: string[];
  recaptchaToken: string | null;
  packageDelivery: PackageDelivery;
  /** the add-to-cart notification: the names just added, null when closed */
  notification: { names: string[] } | null;
}

const allOperations = <T,>(value: T) => Object.fromEntries(CART_OPERATIONS.map((op) => [op, value])) as Record<CartOperation, T>;

export const initialCartState: CartState = {
  cart: null,
  status: allOperations<OperationStatus>("uncalled"),
  errors: allOperations<string | null>(null),
  cartAddressConfirmed: false,
  paymentMethod: "",
  paymentResetPending: false,
  card: emptyCardInfo,
  cardError: null,
  order: null,
  placeOrderResult: null,
  placeOrderErrors: [],
  recaptchaToken: null,
  packageDelivery: { bookingUrl: null, modalOpen: false, selectedShippingMethod: null, deliveryDateLong: null, deliveryMessage: null, deliveryTitle: null },
  notification: null,
};

/** A partial cart answer (PUT /cart answers totals and info only) laid over the cart we hold. */
function mergeCart(current: CartAnswer | null, next: Partial<CartAnswer>): CartAnswer | null {
  if (!current) return next.info ? (next as CartAnswer) : null;
  return { ...current, ...next };
}

export const cartSlice = createSlice({
  name: "cart",
  initialState: initialCartState,
  reducers: {
    operationStarted(state, action: PayloadAction<CartOperation>) {
      const op = action.payload;
      state.status[op] = "loading";
      state.errors[op] = null;
      // §4 address confirmation: unconfirmed while an address update is in flight
      if (ADDRESS_UPDATES.has(op)) state.cartAddressConfirmed = false;
      // §4 payment reset: a payment-method change puts place-order back to uncalled
      if (PAYMENT_CHANGES.has(op)) {
        state.status.place_order = "uncalled";
        state.errors.place_order = null;
        state.placeOrderErrors = [];
      }
      if (op === "place_order") state.placeOrderErrors = [];
    },
    operationSucceeded(state, action: PayloadAction<{ op: CartOperation; cart?: Partial<CartAnswer> }>) {
      const { op, cart } = action.payload;
      state.status[op] = "success";
      state.errors[op] = null;
      if (cart) state.cart = mergeCart(state.cart, cart);
      if (ADDRESS_UPDATES.has(op)) state.cartAddressConfirmed = true;
      if (op === "update_same_as_billing") state.cartAddressConfirmed = false;
      if (PAYMENT_RESETTING.has(op)) {
        state.paymentMethod = "";
        state.paymentResetPending = true;
        if (state.cart) {
          state.cart.payment = null;
          state.cart.info = { ...state.cart.info, payment: null };
        }
      }
    },
    operationFailed(state, action: PayloadAction<{ op: CartOperation; message: string }>) {
      const { op, message } = action.payload;
      state.status[op] = "failure";
      state.errors[op] = message;
    },
    /** The shopper picked a payment method (§4 "Choosing a payment method"); a card method starts with an empty card. */
    paymentMethodChosen(state, action: PayloadAction<{ code: string; isCard: boolean }>) {
      const { code, isCard } = action.payload;
      state.paymentMethod = code;
      state.paymentResetPending = false;
      state.status.place_order = "uncalled";
      state.placeOrderErrors = [];
      if (isCard) {
        state.card = emptyCardInfo;
        state.cardError = null;
      }
    },
    cardChanged(state, action: PayloadAction<Partial<CardInfo>>) {
      state.card = { ...state.card, ...action.payload };
      state.cardError = null;
    },
    cardRejected(state, action: PayloadAction<string>) {
      state.cardError = action.payload;
    },
    placeOrderSucceeded(state, action: PayloadAction<{ order: PlacedOrder; status: string | null }>) {
      state.status.place_order = "success";
      state.order = action.payload.order;
      state.placeOrderResult = action.payload.status;
      state.placeOrderErrors = [];
    },
    placeOrderFailed(state, action: PayloadAction<string[]>) {
      state.status.place_order = "failure";
      state.placeOrderErrors = action.payload;
      state.errors.place_order = action.payload[0] ?? null;
    },
    recaptchaSolved(state, action: PayloadAction<string | null>) {
      state.recaptchaToken = action.payload;
    },
    /** §4 "Package delivery": a package_ai method was set; its delivery texts are cleared and the booking may open. */
    packageDeliveryStarted(state, action: PayloadAction<{ method: string; bookingUrl: string | null }>) {
      state.packageDelivery = {
        bookingUrl: action.payload.bookingUrl, modalOpen: action.payload.bookingUrl !== null, selectedShippingMethod: action.payload.method,
        deliveryDateLong: null, deliveryMessage: null, deliveryTitle: null,
      };
    },
    packageDeliveryBooked(state, action: PayloadAction<{ date: string | null; message: string | null; title: string | null }>) {
      state.packageDelivery.deliveryDateLong = action.payload.date;
      state.packageDelivery.deliveryMessage = action.payload.message;
      state.packageDelivery.deliveryTitle = action.payload.title;
      state.packageDelivery.modalOpen = false;
    },
    packageModalClosed(state) {
      state.packageDelivery.modalOpen = false;
    },
    notificationShown(state, action: PayloadAction<string[]>) {
      state.notification = { names: action.payload };
    },
    notificationClosed(state) {
      state.notification = null;
    },
    /** §4 "Clearing": email, shipping method, coupon and both addresses go. */
    cartUserInfoCleared(state) {
      if (state.cart) {
        state.cart.info = { ...state.cart.info, email: null, shipping_method: null, coupon_code: null };
        if (state.cart.addresses) state.cart.addresses = {};
      }
      state.cartAddressConfirmed = false;
    },
  },
});

export const {
  operationStarted, operationSucceeded, operationFailed, paymentMethodChosen, cardChanged, cardRejected, placeOrderSucceeded,
  placeOrderFailed, recaptchaSolved, packageDeliveryStarted, packageDeliveryBooked, packageModalClosed, notificationShown,
  notificationClosed, cartUserInfoCleared,
} = cartSlice.actions;

/** The header's count: the cart's quantity, 0 before it is known. */
export const cartCount = (state: { cart: CartState }) => state.cart.cart?.info.qty ?? 0;
