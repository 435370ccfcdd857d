import { and, asc, eq, getTableColumns, inArray, sql, type Placeholder } from "drizzle-orm";
import {
  CART_CHOOSE_OPTIONS, CART_CHOOSE_STORE, CART_INVALID_ADDON, CART_INVALID_ADDON_REMOVAL, CART_INVALID_BUNDLE, CART_INVALID_DELIVERY_DATE,
  CART_INVALID_EMAIL, CART_INVALID_TELEPHONE, CART_ITEM_NOT_FOUND, CART_NOT_SCHEDULED_METHOD, CART_OPTIONS_UNAVAILABLE, CART_PRODUCT_NOT_FOUND,
  CART_UNKNOWN_SHIPPING_METHOD, STORE_NOT_FOUND, cartNotInStoreStock, cartNotSellable, cartQtyUnavailable, invalidPostcodeMessage,
  type CartAddItemsBody, type CartAddress, type CartAddressAnswer, type CartAddressChange, type CartAnswer, type CartEmbed, type CartItemInput,
  type CartShippingAnswer, type CartShippingBody, type CartUpdateBody, type SiteConfig,
} from "@store/contract";
import { schema, type Db } from "../db/client";
import type { ShippingData, StoredAddress, StoredSelection } from "../db/schema/cart";
import { cutPostcode } from "../locations/stores";
import { DEFAULT_COUNTRY, type ShippingService } from "../inventory/shipping";
import type { MoneyFormat } from "../product/money";
import type { ConfigService } from "../config/service";
import { HttpError, badRequest, notFound } from "../http/errors";
import { cartLineProducts, childFor, lineProducts, loadCart, nextTimedChange, stockNeeds, totalsLines, type ItemRow, type Line, type LineProduct, type ProductRow } from "./lines";
import { computeTotals, couponProblem, type TotalsCoupon } from "./totals";
import { buildView, type ShippingMethodRow } from "./view";
import type { PaymentService } from "../payments/service";
import type { ChangeFeed } from "../db/changes";
import { cartOwner, type Session } from "../http/session";
import { CartAnswers } from "./answers";
import { CartStamps } from "./stamps";
import { CartReference, type Freshness, type StoreRow } from "./reference";
import { CartProducts } from "./products";
import { Lru } from "../lib/lru";
import { intArrayText } from "../product/list-item";
import { BuiltOnce, placeholders, prefixed } from "../db/built-once";

/** the cart's hot statements, built once (see BuiltOnce) */
const statements = new BuiltOnce();

export type AddressType = "shipping" | "billing";
type CartRow = typeof schema.carts.$inferSelect;
/** A claimed cart: the row as the claim left it, its lines, and whether an order holds it (when asked and known). */
type Claimed = { cart: CartRow; items: ItemRow[]; holder?: false };
/**
 * A cart as this process last wrote it: its row (addresses are merged from it) and its lines, as of
 * its version (the version says whether they still are).
 */
type KnownCart = { cartId: number; version: number; items: ItemRow[]; row: CartRow };
type CartInsert = typeof schema.carts.$inferInsert;
/** A cart line as the claiming statement reads it (json: the time as text). */
type StoredItem = Omit<ItemRow, "createdAt"> & { createdAt: string };
/** A cart_items row of alias `i` as the json a statement answers (read back by `fromStored`). */
const itemJson = (i: string) => sql.raw(`json_build_object('itemId', ${i}.item_id, 'cartId', ${i}.cart_id, 'productId', ${i}.product_id,
  'childId', ${i}.child_id, 'bundleSelections', ${i}.bundle_selections, 'qty', ${i}.qty, 'crosssellParentIds', ${i}.crosssell_parent_ids,
  'createdAt', ${i}.created_at)`);
const fromStored = (i: StoredItem): ItemRow => ({ ...i, createdAt: new Date(i.createdAt) });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TELEPHONE = /^\+?[\d\s().-]+$/;

/** The fields given, trimmed, over the stored ones; an empty string clears a field. */
function merge(stored: StoredAddress, change: Omit<CartAddressChange, "same_as_billing">): StoredAddress {
  const out: StoredAddress = { ...stored };
  for (const [key, value] of Object.entries(change) as Array<[keyof StoredAddress, string | string[] | undefined]>) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      const lines = value.map((l) => l.trim()).filter(Boolean);
      if (lines.length > 0) out.street = lines;
      else delete out.street;
    } else if (value.trim() === "") {
      delete out[key];
    } else {
      (out as Record<string, string>)[key] = value.trim();
    }
  }
  return out;
}

/** Problems a shopper can fix; the postcode is cut at its dash on the way (spec 002 §5). */
function validate(address: StoredAddress): Array<{ field: string; message: string }> {
  const errors: Array<{ field: string; message: string }> = [];
  if (address.postcode !== undefined) {
    const cut = cutPostcode(address.postcode, address.country_id ?? DEFAULT_COUNTRY);
    if (cut === null) errors.push({ field: "postcode", message: invalidPostcodeMessage(address.postcode.slice(0, 20)) });
    else address.postcode = cut;
  }
  if (address.email !== undefined && !EMAIL.test(address.email)) errors.push({ field: "email", message: CART_INVALID_EMAIL });
  if (address.telephone !== undefined) {
    const digits = address.telephone.replace(/\D/g, "").length;
    if (!TELEPHONE.test(address.telephone) || digits < 7 || digits > 15) errors.push({ field: "telephone", message: CART_INVALID_TELEPHONE });
  }
  return errors;
}

function toAddress(a: StoredAddress): CartAddress {
  const name = [a.firstname, a.lastname].filter(Boolean).join(" ");
  const place = [a.city, [a.region, a.postcode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const lines = [name, a.company, ...(a.street ?? []), place].filter(Boolean);
  // a country alone (every estimate sends one) is no address to show
  if (lines.length > 0 && a.country_id) lines.push(a.country_id);
  return {
    firstname: a.firstname ?? "",
    lastname: a.lastname ?? "",
    company: a.company ?? "",
    street: a.street ?? [],
    city: a.city ?? "",
    region: a.region ?? "",
    region_id: a.region_id ?? "",
    postcode: a.postcode ?? "",
    country_id: a.country_id ?? "",
    telephone: a.telephone ?? "",
    email: a.email ?? "",
    formatted: lines.join("\n"),
  };
}

// ---------------------------------------------------------------------------------------------
// the cart: items, coupon, email, shipping, totals (spec 001 §3, §4, §7)

const ALL_EMBEDS: readonly CartEmbed[] = ["totals", "items", "shipping_methods", "payment_methods", "billing_address", "shipping_address", "payment"];

/** Offline methods and the card gateway this build can take; the payments registry replaces this list. */
const PAYMENT_METHODS: Record<string, { title: string; additional_data: Record<string, unknown> }> = {
  checkmo: { title: "Check / Money order", additional_data: {} },
  cashondelivery: { title: "Cash On Delivery", additional_data: {} },
  banktransfer: { title: "Bank Transfer Payment", additional_data: { instructions: "Pay by bank transfer; your order ships when the payment arrives." } },
  authorizenet: { title: "Credit Card", additional_data: { cc_types: ["AE", "VI", "MC", "DI"] } },
};
const DEFAULT_PAYMENT_METHODS = "checkmo,cashondelivery,banktransfer,authorizenet";

/** How many bookable days the scheduled-delivery page offers, from two business days out. */
const BOOKING_DAYS = 10;

interface Mutation {
  /** items, qty, add-ons or coupon changed: the chosen payment goes (spec 001 §4 "Payment reset") */
  resetPayment?: boolean;
  /** the cart row as the work wrote it (when it did) */
  cart?: CartRow;
  /** the cart's items after the work, when it holds them (saves reading them again) */
  items?: ItemRow[];
  /** line products the work read (not read again for the answer) */
  products?: ReadonlyMap<number, LineProduct>;
}

export interface CartContext {
  sessionId: string;
  fmt: MoneyFormat;
}

const conflict = (message: string) => new HttpError(409, message);

function isTruthy(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === "1" || flag === "true";
}

/** Today's date (YYYY-MM-DD) in a time zone. */
function localDate(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Weekdays from two business days after today, as YYYY-MM-DD. */
export function deliveryDates(now: Date, timeZone: string, count = BOOKING_DAYS): string[] {
  const [y, m, d] = localDate(now, timeZone).split("-").map(Number) as [number, number, number];
  const out: string[] = [];
  let skipped = 0;
  for (let i = 1; out.length < count && i < count * 3; i++) {
    const day = new Date(Date.UTC(y, m - 1, d + i));
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    if (skipped++ < 1) continue;
    out.push(day.toISOString().slice(0, 10));
  }
  return out;
}


/** The store's enabled payment methods (site configuration `payment_methods`, a comma list). */
function paymentMethods(config: SiteConfig) {
  const list = typeof config.payment_methods === "string" ? config.payment_methods : DEFAULT_PAYMENT_METHODS;
  return list.split(",").map((c) => c.trim()).filter((c) => PAYMENT_METHODS[c] !== undefined)
    .map((code) => ({ code, title: PAYMENT_METHODS[code]!.title, additional_data: PAYMENT_METHODS[code]!.additional_data }));
}

/** The cart's line of this id (as the claim read the items). */
function itemOf(items: readonly ItemRow[], itemId: number): ItemRow {
  const item = items.find((i) => i.itemId === itemId);
  if (!item) throw notFound(CART_ITEM_NOT_FOUND);
  return item;
}

/** Refuses a product the store does not sell online (price on application, add to cart hidden). */
function sellable(p: ProductRow, name = p.name): void {
  if (p.poa || !p.displayAddToCart) throw badRequest(cartNotSellable(name));
}

/** What the booking says back (spec 001 §7 "Shipping": delivery_date, delivery_message, delivery_title). */
function deliveryText(date: string, title: string) {
  const long = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  return { delivery_date: date, delivery_title: title, delivery_message: `Your delivery is booked for ${long}.` };
}

/**
 * The session's cart, so far its addresses (spec 001 §7 "Addresses") and the estimated shipping
 * they give (spec 002 §4: a shipping estimate for a postcode updates the cart's). An update with
 * validation errors changes nothing and answers the errors (spec 001: accepted when the list is
 * empty). Updates of one cart are serialised by a row lock, so two partial updates never lose
 * each other's fields.
 */
export class CartService {
  /** the payments registry decides which of the store's methods this cart may use (set once at start) */
  payments?: Pick<PaymentService, "methods">;

  /** GET /cart answers kept in memory while the cart rows' stamps and the change feed vouch for them */
  readonly answers: CartAnswers;
  private readonly stamps: CartStamps;

  constructor(private readonly db: Db, private readonly shipping: ShippingService, private readonly config: ConfigService, private readonly feed: ChangeFeed | null = null) {
    this.answers = new CartAnswers(feed);
    this.stamps = new CartStamps(db, feed);
    this.reference = new CartReference(feed);
    this.catalog = new CartProducts(db, feed);
  }

  /** line products and store stock, kept while the change feed vouches for them */
  readonly catalog: CartProducts;

  /** each session's cart as this process last changed it: where the next add may start without a claim */
  private readonly known = new Lru<KnownCart>(20_000);
  /** adds made in one statement (addSimply), for tests and the bench */
  simpleAdds = 0;
  /** changes of the cart's own fields and addresses made in one statement (setFields, updateAddress), for tests */
  fieldSets = 0;

  /** The lines of a cart whose items the caller holds, with products from what is held. */
  private async lines(db: Db, cartId: number, items: ItemRow[], since?: number): Promise<Line[]> {
    return (await loadCart(db, cartId, new Date(), items, undefined, (ids) => this.catalog.lineProducts(db, ids, since))).lines;
  }

  /** shipping methods, stores, tax rates and coupons, kept while the change feed vouches for them */
  private readonly reference: CartReference;

  /** This process changed the owner's cart: its next read must not wait for the notification. */
  forgetAnswers(owner: string): void {
    this.answers.forget(owner);
  }

  /**
   * The caller's cart row, or null; every lookup goes through here. A guest's cart is its
   * session's; a signed-in session's is its customer's (the same cart on every device).
   */
  static async cartFor(db: Db, sessionId: string, options: { lock?: boolean; create?: boolean } = {}): Promise<CartRow | null> {
    const read = async () => {
      const query = db.select().from(schema.carts).where(CartService.ownedBy(sessionId));
      const [row] = options.lock ? await query.for("update") : await query;
      return row ?? null;
    };
    // most calls find the cart: it is created only when the first read finds none
    const found = options.create && options.lock ? await read() : null;
    if (found) return found;
    if (options.create) await CartService.create(db, sessionId);
    return read();
  }

  /** The session's cart, unless it has one (a guest's by session, a signed-in session's by customer). */
  static async create(db: Db, sessionId: string): Promise<void> {
    await db.execute(CartService.insertFor(sessionId));
  }

  /** The insert of the session's cart: a guest's by session, a signed-in session's by customer; nothing when there is one. */
  private static insertFor(sessionId: string | Placeholder<"sessionId">) {
    return sql`INSERT INTO carts (session_id, customer_id)
      SELECT CASE WHEN s.customer_id IS NULL THEN s.id END, s.customer_id FROM sessions s WHERE s.id = ${sessionId}
      ON CONFLICT DO NOTHING`;
  }

  /** `WITH fresh AS (…)`: the session's new cart, or no row when it has one already (or is gone). */
  private static fresh(db: Db, sessionId: string | Placeholder<"sessionId">) {
    return db.$with("fresh", { cartId: sql<number>`cart_id` }).as(sql`${CartService.insertFor(sessionId)} RETURNING *`);
  }

  /** The cart's columns as `fresh` returns them. */
  private static readonly freshColumns = Object.fromEntries(Object.entries(getTableColumns(schema.carts))
    .map(([key, column]) => [key, sql.raw(`fresh."${column.name}"`).mapWith(column)]));

  /** The condition picking the session's cart (a signed-in session never owns a cart by session_id). */
  static ownedBy(sessionId: string | Placeholder<"sessionId">) {
    return sql`(${schema.carts.sessionId} = ${sessionId}
      OR ${schema.carts.customerId} = (SELECT customer_id FROM sessions WHERE id = ${sessionId}))`;
  }

  /**
   * The products of the lines of the cart the session holds, read and locked in id order, for the
   * transaction that claimed it (checkoutState's `locked`). Sent right behind the claim, without
   * waiting for its answer: it runs after the claim has the cart's lock, so it reads the lines the
   * claim answers (every writer of a cart's lines waits for that lock).
   */
  static claimedProducts(tx: Db, sessionId: string): Promise<Map<number, LineProduct>> {
    return cartLineProducts(tx, CartService.ownedBy, sessionId);
  }

  /**
   * PUT /cart/{billing,shipping}_address: the fields given merged into the address. Onto a cart this
   * process knows, one statement that writes only if the cart's version (which every address writer
   * moves) and line count are still the known ones; otherwise under the cart's lock.
   */
  async updateAddress(sessionId: string, type: AddressType, change: CartAddressChange, fmt: MoneyFormat): Promise<CartAddressAnswer> {
    const { same_as_billing: sameAsBilling, ...fields } = change;
    const written = (address: StoredAddress): Partial<CartInsert> => ({
      ...(type === "shipping" ? { shippingAddress: address } : { billingAddress: address }),
      ...(type === "shipping" && sameAsBilling !== undefined ? { sameAsBilling } : {}),
    });
    const known = this.known.get(sessionId);
    if (known) {
      const address = merge(type === "shipping" ? known.row.shippingAddress : known.row.billingAddress, fields);
      // a refusal is said from the cart as it is, under the lock below
      const row = validate(address).length === 0 ? await this.writeKnown(sessionId, known, written(address)) : null;
      if (row) return this.answer(row, type, [], fmt);
    }
    const c = schema.carts;
    const { cart, errors } = await this.db.transaction(async (tx) => {
      const row = await CartService.cartFor(tx, sessionId, { lock: true, create: true });
      const address = merge(type === "shipping" ? row!.shippingAddress : row!.billingAddress, fields);
      const errors = validate(address);
      if (errors.length > 0) return { cart: row!, errors };
      const [updated] = await tx.update(c).set({ ...written(address), version: sql`${c.version} + 1`, updatedAt: sql`now()` })
        .where(eq(c.cartId, row!.cartId)).returning();
      return { cart: updated!, errors };
    });
    // a write moved the version without reading the lines: the next change that knows them starts from a claim
    if (errors.length === 0) this.known.delete(sessionId);
    return this.answer(cart, type, errors, fmt);
  }

  /** Forget one address (spec 001 "Clearing"); no cart yet is nothing to clear. */
  async clearAddress(sessionId: string, type: AddressType, fmt: MoneyFormat): Promise<CartAddressAnswer> {
    const [cart] = await this.db.update(schema.carts).set({
      ...(type === "shipping" ? { shippingAddress: {}, sameAsBilling: false } : { billingAddress: {} }),
      version: sql`${schema.carts.version} + 1`, // an address merged from the cart as it was must not land over this
      updatedAt: sql`now()`,
    }).where(CartService.ownedBy(sessionId)).returning();
    return this.answer(cart ?? null, type, [], fmt);
  }

  private async answer(cart: CartRow | null, type: AddressType, errors: CartAddressAnswer["validation_errors"], fmt: MoneyFormat): Promise<CartAddressAnswer> {
    const sameAsBilling = cart?.sameAsBilling ?? false;
    const deliverTo = (sameAsBilling ? cart?.billingAddress : cart?.shippingAddress) ?? {};
    let estimated: CartAddressAnswer["estimated_shipping"] = null;
    if (deliverTo.postcode) {
      const country = deliverTo.country_id ?? DEFAULT_COUNTRY;
      estimated = { postcode: deliverTo.postcode, country_id: country, methods: await this.shipping.methods(deliverTo.postcode, country, fmt) };
    }
    return {
      address_type: type,
      address: toAddress((type === "shipping" ? cart?.shippingAddress : cart?.billingAddress) ?? {}),
      same_as_billing: sameAsBilling,
      validation_errors: errors,
      estimated_shipping: estimated,
    };
  }

  // ---- reading ---------------------------------------------------------------------------

  /** The stamp of the session's cart rows for get(), read now (null when no answer is kept anyway). */
  stampOf(sessionId: string): Promise<string | null> {
    if (!this.feed?.live) return Promise.resolve(null);
    // the embedded database announces every cart write as it commits (`c:<owner>`): nothing to read
    if (this.feed.immediate) return Promise.resolve("");
    return this.stamps.read(sessionId);
  }

  /**
   * GET /cart: the parts asked for (all without embed); `since` as for addItems. `stamped`: the
   * session's stampOf, asked for when the request arrived (else it is asked for now).
   */
  async get(session: Session | null, embed: readonly CartEmbed[] | undefined, fmt: MoneyFormat, since?: number, stamped?: Promise<string | null>): Promise<CartAnswer> {
    const config = await this.config.get();
    const parts = embed ?? ALL_EMBEDS;
    if (session === null) return this.view(this.db, null, new Set(parts), fmt, config);
    return this.answers.read(cartOwner(session), stamped ?? this.stampOf(session.id), parts.join(","), config, async () => {
      const cart = await CartService.cartFor(this.db, session.id);
      return this.timedView(this.db, cart, new Set(parts), fmt, config, undefined, undefined, undefined, since);
    }, since);
  }

  private async view(db: Db, cart: CartRow | null, embed: ReadonlySet<CartEmbed>, fmt: MoneyFormat, config: SiteConfig,
    couponTried?: { code: string }, items?: ItemRow[], products?: ReadonlyMap<number, LineProduct>, since?: number): Promise<CartAnswer> {
    return (await this.timedView(db, cart, embed, fmt, config, couponTried, items, products, since)).answer;
  }

  /** The answer, and until when the clock alone leaves it right. */
  private async timedView(db: Db, cart: CartRow | null, embed: ReadonlySet<CartEmbed>, fmt: MoneyFormat, config: SiteConfig,
    couponTried?: { code: string }, items?: ItemRow[], products?: ReadonlyMap<number, LineProduct>, since?: number): Promise<{ answer: CartAnswer; validUntil: number; products: Iterable<number> }> {
    const now = new Date();
    const { lines, stock, pricesChangeAt, products: read } = await loadCart(db, cart?.cartId ?? null, now, items, products, (ids) => this.catalog.lineProducts(db, ids, since));
    const methods = await this.reference.shippingMethods(db);
    const chosen = methods.find((m) => m.code === cart?.shippingMethod) ?? null;
    const couponCode = couponTried?.code ?? cart?.couponCode ?? null;
    const coupon = couponCode ? await this.reference.coupon(db, couponCode) : null;
    const totals = computeTotals({
      lines: totalsLines(lines),
      coupon: couponCode ? { code: couponCode, row: coupon } : null,
      taxRateBp: await this.taxRate(db, cart),
      shipping: chosen,
      now,
    });
    const needs = stockNeeds(lines.map((l) => l.item));
    const shown: NonNullable<CartAnswer["methods"]> = {};
    if (embed.has("shipping_methods")) shown.shipping = await this.shippingOptions(db, methods, totals.subtotal, needs, fmt, since);
    if (embed.has("payment_methods")) {
      const to = cart?.sameAsBilling ? cart.billingAddress : cart?.shippingAddress;
      // an empty cart has nothing to pay yet: it lists the store's methods as they are
      const eligible = lines.length === 0 ? undefined : this.payments?.methods({ amount: totals.grandTotal, currency: config.currency_code || "USD", country: to?.country_id ?? DEFAULT_COUNTRY });
      shown.payment = paymentMethods(config).filter((m) => !eligible || eligible.some((e) => e.code === m.code));
    }
    return {
      answer: buildView({ cart, lines, totals, couponCode, methods: shown, stock, needs, embed, fmt }),
      validUntil: nextTimedChange(lines, coupon, now.getTime(), pricesChangeAt),
      products: read.keys(),
    };
  }

  /**
   * What the cart comes to now, read inside the caller's transaction: its lines, the totals
   * recomputed from the catalogue, and the chosen shipping method (null when none or gone).
   * `locked`: the lines' products as the caller read and locked them in this transaction (see
   * claimedProducts); any product they lack is read and locked here.
   */
  async checkoutState(db: Db, cart: CartRow, items: ItemRow[], locked?: ReadonlyMap<number, LineProduct>, now = new Date()) {
    // the reference reads below are as current as this moment, all on one change-feed round,
    // sent now beside the products' read (the transaction holds the cart's lock while it waits)
    const mark = this.feed?.mark();
    const asOf: Freshness = mark ?? true;
    if (this.feed?.live) this.feed.settled(mark).catch(() => undefined);
    // every product the lines use, read and locked in id order: the order's stock is taken from these rows
    const { lines, products } = await loadCart(db, cart.cartId, now, items, locked, (ids) => lineProducts(db, ids, true));
    const methods = await this.reference.shippingMethods(db, asOf);
    const chosen = methods.find((m) => m.code === cart.shippingMethod) ?? null;
    const totals = computeTotals({
      lines: totalsLines(lines),
      coupon: cart.couponCode ? { code: cart.couponCode, row: await this.reference.coupon(db, cart.couponCode, true) } : null,
      taxRateBp: await this.taxRate(db, cart, asOf),
      shipping: chosen,
      now,
    });
    return { lines, totals, method: chosen, products };
  }

  /** Methods the cart can use now: free-over only from its threshold; pickup with each store's stock of every line. */
  private async shippingOptions(db: Db, rows: ShippingMethodRow[], subtotal: number, needs: Map<number, number>, fmt: MoneyFormat, since?: number) {
    const out: NonNullable<NonNullable<CartAnswer["methods"]>["shipping"]> = [];
    // the stores and their stock of the lines, read once however many pickup methods there are
    let pickup: Promise<[StoreRow[], Map<number, Map<number, number>>]> | undefined;
    for (const m of rows) {
      if (m.type === "free_over" && subtotal < (m.threshold ?? 0)) continue;
      const option = { code: m.code, carrier_title: m.carrierTitle, title: m.title, type: m.type as "flat", price: fmt.money(m.type === "free_over" ? 0 : m.price) };
      if (m.type === "pickup") {
        pickup ??= Promise.all([this.reference.stores(db), this.catalog.storeStock(db, needs.keys(), since)]);
        const [stores, stock] = await pickup;
        out.push({ ...option, stores: stores.map((s) => ({ location_id: s.locationId, store_name: s.storeName, in_stock: needs.size > 0 && [...needs].every(([id, n]) => (stock.get(s.locationId)?.get(id) ?? 0) >= n) })) });
      } else out.push(option);
    }
    return out;
  }

  /** Tax rate of the destination: the pickup store, else the shipping address (billing when same_as_billing). */
  private async taxRate(db: Db, cart: CartRow | null, fresh: Freshness = false): Promise<number | null> {
    if (!cart) return null;
    let country: string | undefined;
    let region: string | undefined;
    if (cart.shippingData.location_id !== undefined && cart.shippingMethod) {
      const store = await this.reference.store(db, cart.shippingData.location_id, fresh);
      country = store?.countryId;
      region = store?.region;
    } else {
      const to = cart.sameAsBilling ? cart.billingAddress : cart.shippingAddress;
      region = to.region_id || to.region;
      country = to.country_id ?? (region || to.postcode ? DEFAULT_COUNTRY : undefined);
    }
    if (!country) return null;
    const wanted = country.toUpperCase();
    const name = (region ?? "").toLowerCase();
    const rows = (await this.reference.taxRates(db, fresh)).filter((r) => r.countryId === wanted
      && (r.regionCode === "" || r.regionCode.toLowerCase() === name || r.regionName.toLowerCase() === name));
    const best = rows.find((r) => r.regionCode !== "") ?? rows[0];
    return best ? best.rateBp : null;
  }

  // ---- changing --------------------------------------------------------------------------

  /**
   * Runs a change of the caller's cart under its row lock (created if need be), then answers
   * the cart as it is after the change. A thrown error rolls the whole change back.
   */
  private async change<T>(sessionId: string, fmt: MoneyFormat, embed: readonly CartEmbed[],
    work: (tx: Db, cart: CartRow, config: SiteConfig, items: ItemRow[]) => Promise<Mutation & { extra?: T; couponTried?: { code: string } }>,
    options: { resetsPayment?: boolean; since?: number } = {}): Promise<CartAnswer & { extra?: T }> {
    // read before the transaction: the embedded database runs one connection, so a read outside
    // the transaction while it is open would wait for it forever
    const config = await this.config.get();
    let known: KnownCart | null = null;
    const answer = await this.db.transaction(async (tx) => {
      // the catalogue as of the request's arrival: one change-feed round for the whole request
      this.catalog.asOf(tx, options.since);
      const { cart, items } = await CartService.claim(tx, sessionId, options);
      const done = await work(tx, cart, config, items);
      let updated = done.cart ?? cart;
      if (done.resetPayment && updated.payment !== null) {
        [updated] = await tx.update(schema.carts).set({ payment: null }).where(eq(schema.carts.cartId, cart.cartId)).returning() as [CartRow];
      }
      known = done.items ? { cartId: updated.cartId, version: updated.version, items: [...done.items], row: updated } : null;
      const answer = await this.view(tx, updated, new Set(embed), fmt, config, done.couponTried, done.items, done.products, options.since);
      return { ...answer, ...(done.extra === undefined ? {} : { extra: done.extra }) };
    });
    // committed: the next add may start from here
    if (known) this.known.set(sessionId, known);
    else this.known.delete(sessionId);
    return answer;
  }

  /**
   * The caller's cart, locked and its version moved, with its items, in one statement (created
   * first if need be, unless `create` is false: then null when there is none): what every change
   * and placing an order start with. `resetsPayment`: the change always drops the chosen payment
   * when it succeeds (a failure rolls this back with the rest). `holder`: whether an order holds
   * the cart — false when none does, undefined when that is not known (the caller reads it).
   */
  static async claim(tx: Db, sessionId: string, options: { resetsPayment?: boolean; create?: false; holder?: true }): Promise<Claimed | null>;
  static async claim(tx: Db, sessionId: string, options?: { resetsPayment?: boolean }): Promise<Claimed>;
  static async claim(tx: Db, sessionId: string, options: { resetsPayment?: boolean; create?: false; holder?: true } = {}): Promise<Claimed | null> {
    const c = schema.carts;
    const bump = () => statements.run<(CartRow & { seenVersion: number; seenItems: StoredItem[]; seenHolder: boolean })[]>(tx,
      `claim cart: ${Boolean(options.resetsPayment)} ${Boolean(options.holder)}`, (db) => db.update(c)
        .set({ version: sql`${c.version} + 1`, updatedAt: sql`now()`, ...(options.resetsPayment ? { payment: null } : {}) })
        .where(CartService.ownedBy(sql.placeholder("sessionId"))).returning({
          ...getTableColumns(c),
          // read in the statement's snapshot: what the cart held before this statement took the lock
          seenVersion: sql<number>`(SELECT v.version FROM carts v WHERE v.cart_id = carts.cart_id)`,
          seenItems: sql<StoredItem[]>`(SELECT coalesce(json_agg(${itemJson("i")} ORDER BY i.item_id), '[]'::json) FROM cart_items i WHERE i.cart_id = carts.cart_id)`,
          seenHolder: options.holder ? sql<boolean>`EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = carts.cart_id)` : sql<boolean>`true`,
        }), { sessionId });
    let [row] = await bump();
    if (!row) {
      if (options.create === false) return null;
      // a cart made here is this transaction's alone until it commits: no lines, no order, nothing to move
      const fresh = CartService.fresh(tx, sessionId);
      const [created] = await tx.with(fresh).select(CartService.freshColumns).from(fresh) as CartRow[];
      if (created) return { cart: created, items: [], holder: false };
      [row] = await bump();
    }
    const { seenVersion, seenItems, seenHolder, ...cart } = row!;
    // Every writer of a cart's items moves its version under the lock (see `version`). When a
    // change committed while this statement waited for the lock, the snapshot above predates it
    // (READ COMMITTED re-checks only the locked row itself): the items are read again, after the lock.
    // (an order takes a cart under the same claim, so the snapshot's "no order holds it" holds too)
    if (seenVersion === cart.version - 1) {
      return { cart, items: seenItems.map(fromStored), holder: seenHolder ? undefined : false };
    }
    const items = await tx.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cart.cartId)).orderBy(schema.cartItems.itemId);
    return { cart, items, holder: undefined };
  }

  /**
   * POST /cart/items: one product or a list, in order (a main product before its add-ons).
   * `since`: the change feed's mark when the request arrived (its session was read as of then).
   */
  async addItems(sessionId: string, body: CartAddItemsBody, fmt: MoneyFormat, since?: number): Promise<CartAnswer> {
    const inputs = "items" in body ? body.items : [body];
    const quick = await this.addSimply(sessionId, inputs, fmt, since);
    if (quick) return quick;
    const answer = await this.change(sessionId, fmt, ALL_EMBEDS, async (tx, cart, config, items) => {
      // the items came with the claim; each add keeps them current, and the products it read stay for the answer
      const products = new Map(await this.catalog.lineProducts(tx, inputs.map((i) => i.product_id)));
      for (const input of inputs) await this.addOne(tx, cart.cartId, items, products, input, config);
      return { resetPayment: true, items, products };
    }, { resetsPayment: true, since });
    return answer;
  }

  /**
   * The common add (simple products the store can fill, no add-on link; several only when each is
   * a new line) in one statement and no transaction, instead of the claim path's begin, claim, a
   * statement per line and commit (and, for a guest's first add, the cart's creation). Onto a cart
   * whose lines this process knows as of its version: the statement locks the cart only if its
   * version and line count are still the known ones, writes the lines and moves the version. With
   * no cart known: it creates the session's cart with the lines, unless the session has one. When
   * the cart is not as known (another process or request changed it), or anything is out of the
   * ordinary, it answers null: the claim path then does the add and says what is wrong.
   */
  private async addSimply(sessionId: string, inputs: readonly CartItemInput[], fmt: MoneyFormat, since?: number): Promise<CartAnswer | null> {
    if (inputs.length === 0) return null;
    if (inputs.some((i) => i.crosssell_parent_id !== undefined || i.super_attribute !== undefined || i.bundle_option !== undefined)) return null;
    const ids = inputs.map((i) => i.product_id);
    if (new Set(ids).size !== ids.length) return null;
    const known = this.known.get(sessionId);
    const config = await this.config.get();
    // the catalogue as of the request's arrival: one change-feed round for every read it makes
    const products = new Map(await this.catalog.lineProducts(this.db, ids, since));
    for (const id of ids) {
      const product = products.get(id);
      if (!product || product.typeId !== "simple" || product.status !== 1 || product.poa || !product.displayAddToCart) return null;
    }
    const before = known?.items ?? [];
    const sameLine = (id: number) => before.find((i) => i.productId === id && i.childId === null && i.bundleSelections.length === 0);
    // more of a line the cart has: one product at a time (several at once go the claim path)
    const same = inputs.length === 1 ? sameLine(ids[0]!) : undefined;
    if (inputs.length > 1 && ids.some((id) => sameLine(id))) return null;
    const qtys = inputs.map((i) => i.qty ?? 1);
    const after = same
      ? before.map((i) => (i === same ? { ...i, qty: i.qty + qtys[0]! } : i))
      : [...before, ...ids.map((productId, n) => ({ productId, childId: null, bundleSelections: [], qty: qtys[n]! }))];
    const needs = stockNeeds(after);
    if (ids.some((id) => (needs.get(id) ?? 0) > Math.max(0, products.get(id)!.qty))) return null;

    const c = schema.carts;
    const p = sql.placeholder;
    // the new line; several in the order given, from two int arrays (one statement text for any
    // number). The one-line add keeps its own plainer statement: the unnest form, its sort and
    // its aggregate cost the database about a fifth more
    const one = ids.length === 1;
    // the written line, or the lines in item-id order (the order they were given)
    const linesJson = one
      ? sql<StoredItem | null>`(SELECT ${itemJson("l")} FROM line l)`
      : sql<StoredItem[]>`(SELECT coalesce(json_agg(${itemJson("l")} ORDER BY l.item_id), '[]'::json) FROM line l)`;
    const newLines = (from: string) => (one
      ? sql`INSERT INTO cart_items (cart_id, product_id, qty) SELECT cart_id, ${p("productId")}, ${p("qty")} FROM ${sql.raw(from)} RETURNING *`
      : sql`INSERT INTO cart_items (cart_id, product_id, qty)
      SELECT f.cart_id, n.product_id, n.qty FROM ${sql.raw(from)} f, unnest(${p("productIds")}::int[], ${p("qtys")}::int[]) WITH ORDINALITY AS n(product_id, qty, ord)
      ORDER BY n.ord RETURNING *`);
    const lineValues = one ? { productId: ids[0]!, qty: qtys[0]! } : { productIds: intArrayText(ids), qtys: intArrayText(qtys) };
    const shape = same ? "more" : one ? "new line" : "new lines";
    let row: (CartRow & { lines: StoredItem[] | StoredItem | null }) | undefined;
    if (known) {
      [row] = await statements.run<NonNullable<typeof row>[]>(this.db, `add to known cart: ${shape}`, (db) => {
        const locked = db.$with("locked", { cartId: sql<number>`cart_id` }).as(sql`SELECT cart_id FROM carts
          WHERE cart_id = ${p("cartId")} AND version = ${p("version")} AND ${CartService.ownedBy(p("sessionId"))}
            AND (SELECT count(*) FROM cart_items i WHERE i.cart_id = carts.cart_id) = ${p("lines")}
          FOR UPDATE`);
        const line = db.$with("line", { itemId: sql<number>`item_id` }).as(same
          ? sql`UPDATE cart_items SET qty = ${p("qty")} WHERE item_id = ${p("itemId")} AND cart_id IN (SELECT cart_id FROM locked) RETURNING *`
          : newLines("locked"));
        return db.with(locked, line).update(c)
          .set({ version: sql`${c.version} + 1`, updatedAt: sql`now()`, payment: null })
          .where(sql`${c.cartId} IN (SELECT cart_id FROM locked)`)
          .returning({ ...getTableColumns(c), lines: linesJson });
      }, {
        cartId: known.cartId, version: known.version, sessionId, lines: known.items.length,
        ...(same ? { qty: same.qty + qtys[0]!, itemId: same.itemId } : lineValues),
      });
    } else {
      // the cart and its first lines; nothing when the session has a cart already (or is gone)
      [row] = await statements.run<NonNullable<typeof row>[]>(this.db, `add to a new cart: ${shape}`, (db) => {
        const fresh = CartService.fresh(db, p("sessionId"));
        const line = db.$with("line", { itemId: sql<number>`item_id` }).as(newLines("fresh"));
        return db.with(fresh, line).select({ ...CartService.freshColumns, lines: linesJson }).from(fresh);
      }, { sessionId, ...lineValues });
    }
    const written = !row?.lines ? [] : Array.isArray(row.lines) ? row.lines : [row.lines];
    if (!row || written.length !== ids.length) {
      this.known.delete(sessionId);
      return null;
    }
    const { lines: _lines, ...cart } = row;
    const changed = written.map(fromStored);
    const items = same ? before.map((i) => (i === same ? changed[0]! : i)) : [...before, ...changed];
    this.known.set(sessionId, { cartId: cart.cartId, version: cart.version, items, row: cart });
    this.simpleAdds++;
    return this.view(this.db, cart, new Set(ALL_EMBEDS), fmt, config, undefined, [...items], products, since);
  }

  private async addOne(tx: Db, cartId: number, items: ItemRow[], read: Map<number, LineProduct>, input: CartItemInput, config: SiteConfig): Promise<void> {
    const qty = input.qty ?? 1;
    const product = read.get(input.product_id) ?? (await this.catalog.lineProducts(tx, [input.product_id])).get(input.product_id);
    if (product) read.set(product.entityId, product);
    if (!product || product.status !== 1) throw notFound(CART_PRODUCT_NOT_FOUND);
    sellable(product);
    let child: ProductRow | null = null;
    let selections: StoredSelection[] = [];
    if (product.typeId === "configurable") {
      const found = await childFor(tx, product.entityId, input.super_attribute ?? {});
      if (found === "missing") throw badRequest(CART_CHOOSE_OPTIONS);
      if (found === null) throw badRequest(CART_OPTIONS_UNAVAILABLE);
      sellable(found, product.name);
      child = found;
    } else if (product.typeId === "bundle") {
      selections = await this.bundleSelections(tx, product.entityId, input.bundle_option ?? {});
    }
    const parent = input.crosssell_parent_id;
    if (parent !== undefined) await this.checkAddon(tx, items, parent, product.entityId, config);
    const same = items.find((i) => i.productId === product.entityId && i.childId === (child?.entityId ?? null)
      && JSON.stringify(i.bundleSelections.map((s) => s.selection_id)) === JSON.stringify(selections.map((s) => s.selection_id)));
    let changed: ItemRow;
    if (same) {
      const parents = parent !== undefined && !same.crosssellParentIds.includes(parent) ? [...same.crosssellParentIds, parent] : same.crosssellParentIds;
      [changed] = await tx.update(schema.cartItems).set({ qty: same.qty + qty, crosssellParentIds: parents }).where(eq(schema.cartItems.itemId, same.itemId)).returning() as [ItemRow];
      items[items.indexOf(same)] = changed;
    } else {
      [changed] = await tx.insert(schema.cartItems).values({
        cartId, productId: product.entityId, childId: child?.entityId ?? null, bundleSelections: selections, qty, crosssellParentIds: parent === undefined ? [] : [parent],
      }).returning() as [ItemRow];
      items.push(changed);
    }
    await this.checkStock(tx, items, [changed], product.name, [product, ...(child ? [child] : [])]);
  }

  /** An add-on needs add-ons switched on, a cross-sell link from the main product, and that product in the cart. */
  private async checkAddon(tx: Db, items: ItemRow[], parentId: number, addonId: number, config: SiteConfig): Promise<void> {
    const l = schema.productLinks;
    const [link] = await tx.select().from(l).where(and(eq(l.productId, parentId), eq(l.linkedProductId, addonId), eq(l.linkType, "crosssell")));
    if (!isTruthy(config.enable_product_add_ons) || !link || !items.some((i) => i.productId === parentId)) throw badRequest(CART_INVALID_ADDON);
  }

  /**
   * The bundle's selections: the ones asked for per option (one id, or a list: several, or none of
   * an optional option), else the option's default; every required option filled.
   */
  private async bundleSelections(tx: Db, bundleId: number, asked: Record<string, number | number[]>): Promise<StoredSelection[]> {
    const options = await tx.select().from(schema.bundleOptions).where(eq(schema.bundleOptions.bundleId, bundleId)).orderBy(asc(schema.bundleOptions.position));
    const ids = options.map((o) => o.optionId);
    const all = ids.length === 0 ? [] : await tx.select().from(schema.bundleSelections).where(inArray(schema.bundleSelections.optionId, ids)).orderBy(asc(schema.bundleSelections.position));
    for (const key of Object.keys(asked)) if (!ids.includes(Number(key))) throw badRequest(CART_INVALID_BUNDLE);
    const out: StoredSelection[] = [];
    for (const o of options) {
      const mine = all.filter((s) => s.optionId === o.optionId);
      const given = asked[String(o.optionId)];
      const wanted = given === undefined ? undefined : [...new Set(Array.isArray(given) ? given : [given])];
      // a required option is one piece; an optional one any of its pieces, or none
      if (wanted !== undefined && o.required && wanted.length !== 1) throw badRequest(CART_INVALID_BUNDLE);
      const picks = wanted !== undefined ? wanted.map((id) => mine.find((s) => s.selectionId === id)) : mine.filter((s) => s.isDefault).slice(0, o.required ? 1 : undefined);
      if (picks.some((p) => !p)) throw badRequest(CART_INVALID_BUNDLE);
      if (picks.length === 0 && o.required) throw badRequest(CART_INVALID_BUNDLE);
      for (const pick of picks.sort((a, b) => a!.position - b!.position)) {
        out.push({ option_id: o.optionId, selection_id: pick!.selectionId, product_id: pick!.productId, qty: pick!.qty });
      }
    }
    if (out.length === 0) throw badRequest(CART_INVALID_BUNDLE);
    const parts = await this.catalog.lineProducts(tx, out.map((s) => s.product_id));
    for (const s of out) {
      const p = parts.get(s.product_id);
      if (!p || p.status !== 1) throw badRequest(CART_INVALID_BUNDLE);
      sellable(p);
    }
    return out;
  }

  /**
   * Every stock product the changed lines use must have the units the whole cart (`all`, after
   * the change) now takes (409 otherwise). `known`: product rows already read in this transaction.
   */
  private async checkStock(tx: Db, all: ItemRow[], changed: ItemRow[], name: string, known: ProductRow[] = []): Promise<void> {
    const touched = stockNeeds(changed);
    const needs = stockNeeds(all);
    const stock = new Map(known.map((p) => [p.entityId, p]));
    const missing = [...touched.keys()].filter((id) => !stock.has(id));
    for (const [id, p] of await this.catalog.lineProducts(tx, missing)) stock.set(id, p);
    for (const id of touched.keys()) {
      const p = stock.get(id);
      if (!p || p.status !== 1 || (needs.get(id) ?? 0) > Math.max(0, p.qty)) throw conflict(cartQtyUnavailable(name));
    }
  }

  /**
   * One removal by the spec's rule (§4): the line goes when its qty is 1 or it is an add-on of at
   * most one parent; otherwise one unit goes with the parent link given (or the first). A main
   * product that leaves the cart takes its add-ons with it, by the same rule.
   */
  private async removeUnit(tx: Db, cartId: number, item: ItemRow, parent: number | undefined): Promise<void> {
    if (parent !== undefined && !item.crosssellParentIds.includes(parent)) throw badRequest(CART_INVALID_ADDON_REMOVAL);
    if (item.qty <= 1 || item.crosssellParentIds.length <= 1) {
      await this.dropLine(tx, cartId, item);
      return;
    }
    const drop = parent ?? item.crosssellParentIds[0];
    await tx.update(schema.cartItems).set({ qty: item.qty - 1, crosssellParentIds: item.crosssellParentIds.filter((p) => p !== drop) })
      .where(eq(schema.cartItems.itemId, item.itemId));
  }

  private async dropLine(tx: Db, cartId: number, item: ItemRow): Promise<void> {
    await tx.delete(schema.cartItems).where(eq(schema.cartItems.itemId, item.itemId));
    const rest = await tx.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cartId)).orderBy(schema.cartItems.itemId);
    if (rest.some((i) => i.productId === item.productId)) return; // another line of the main product keeps its add-ons
    for (const addon of rest.filter((i) => i.crosssellParentIds.includes(item.productId))) {
      await this.removeUnit(tx, cartId, addon, item.productId);
    }
  }

  /** DELETE /cart/items/{id} (with crosssell_parent_id to take an add-on off one main product). */
  async removeItem(sessionId: string, itemId: number, parent: number | undefined, fmt: MoneyFormat, since?: number): Promise<CartAnswer & { item_id: number }> {
    const answer = await this.change(sessionId, fmt, ALL_EMBEDS, async (tx, cart, _config, items) => {
      await this.removeUnit(tx, cart.cartId, itemOf(items, itemId), parent);
      return { resetPayment: true };
    }, { resetsPayment: true, since });
    return { ...answer, item_id: itemId };
  }

  /** PUT /cart/items/{id}: a new qty; with a parent id an increase links it and a decrease unlinks it (§4). */
  async updateItem(sessionId: string, itemId: number, qty: number, parent: number | undefined, fmt: MoneyFormat, since?: number): Promise<CartAnswer & { item_id: number }> {
    const answer = await this.change(sessionId, fmt, ALL_EMBEDS, async (tx, cart, config, items) => {
      const item = itemOf(items, itemId);
      if (qty === 0) {
        await this.dropLine(tx, cart.cartId, item);
        return { resetPayment: true };
      }
      if (qty === item.qty) return {};
      let parents = item.crosssellParentIds;
      if (qty > item.qty) {
        const products = await this.catalog.lineProducts(tx, [item.productId, ...(item.childId === null ? [] : [item.childId])]);
        const product = products.get(item.productId)!;
        sellable(product);
        if (item.childId !== null) sellable(products.get(item.childId)!, product.name);
        if (parent !== undefined) {
          const items = await tx.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cart.cartId));
          await this.checkAddon(tx, items, parent, item.productId, config);
          if (!parents.includes(parent)) parents = [...parents, parent];
        }
        const [changed] = await tx.update(schema.cartItems).set({ qty, crosssellParentIds: parents }).where(eq(schema.cartItems.itemId, item.itemId)).returning();
        const all = await tx.select().from(schema.cartItems).where(eq(schema.cartItems.cartId, cart.cartId));
        await this.checkStock(tx, all, [changed!], product.name, [...products.values()]);
      } else {
        if (parent !== undefined) {
          if (!parents.includes(parent)) throw badRequest(CART_INVALID_ADDON_REMOVAL);
          parents = parents.filter((p) => p !== parent);
        } else parents = parents.slice(1);
        await tx.update(schema.cartItems).set({ qty, crosssellParentIds: parents }).where(eq(schema.cartItems.itemId, item.itemId));
      }
      return { resetPayment: true };
    }, { since });
    return { ...answer, item_id: itemId };
  }

  /** PUT /cart: coupon_code, email, shipping_method, sales_assistance (null clears). Answers totals and info. */
  async update(sessionId: string, body: CartUpdateBody, fmt: MoneyFormat, since?: number): Promise<CartAnswer> {
    const fields = async (db: Db, cartId: number, items: ItemRow[], at?: number): Promise<Partial<CartInsert>> => {
      const set: Partial<CartInsert> = {};
      if (body.email !== undefined) {
        const email = body.email?.trim() ?? null;
        if (email === null) set.email = null;
        else if (email !== "") {
          if (!EMAIL.test(email)) throw badRequest(CART_INVALID_EMAIL);
          set.email = email;
        }
      }
      if (body.sales_assistance !== undefined) set.salesAssistance = body.sales_assistance?.trim() || null;
      if (body.shipping_method !== undefined) {
        const code = body.shipping_method?.trim() || null;
        if (code !== null) await this.availableMethod(db, cartId, items, code, at);
        set.shippingMethod = code;
        set.shippingData = {};
      }
      return set;
    };
    if (body.coupon_code === undefined) {
      return this.setFields(sessionId, fmt, ["totals"], async (db, cartId, items, at) => ({ set: await fields(db, cartId, items, at) }), since);
    }
    return this.change(sessionId, fmt, ["totals"], async (tx, cart, _config, items) => {
      const set = await fields(tx, cart.cartId, items);
      let resetPayment = false;
      let couponTried: { code: string } | undefined;
      const code = body.coupon_code?.trim() || null;
      if (code === null) {
        resetPayment = cart.couponCode !== null;
        set.couponCode = null;
      } else {
        const row = await this.reference.coupon(tx, code);
        const lines = await this.lines(tx, cart.cartId, items);
        const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.item.qty, 0);
        if (couponProblem(row, subtotal, new Date()) === null) {
          resetPayment = cart.couponCode !== row!.code;
          set.couponCode = row!.code;
        } else couponTried = { code };
      }
      const [written] = Object.keys(set).length > 0 ? await tx.update(schema.carts).set(set).where(eq(schema.carts.cartId, cart.cartId)).returning() : [];
      // the lines are as the claim read them
      return { resetPayment, couponTried, cart: written, items };
    }, { since });
  }

  /**
   * A change of the cart's own fields (email, shipping method…) that neither reads nor moves its
   * lines and keeps the chosen payment. Onto a cart this process knows (see addSimply) it is one
   * statement with no transaction: `decide` checks the change against the known lines, and the
   * statement writes only if the cart's version and line count are still the known ones. Otherwise,
   * or when `decide` refuses (the known lines may be behind), it runs as any change does: under the
   * claim, where `decide` sees the cart as it is and its refusal is the answer.
   */
  private async setFields<T>(sessionId: string, fmt: MoneyFormat, embed: readonly CartEmbed[],
    decide: (db: Db, cartId: number, items: ItemRow[], since?: number) => Promise<{ set: Partial<CartInsert>; extra?: T }>,
    since?: number): Promise<CartAnswer & { extra?: T }> {
    const known = this.known.get(sessionId);
    if (known) {
      const decided = await decide(this.db, known.cartId, known.items, since).catch(() => null);
      const row = decided && await this.writeKnown(sessionId, known, decided.set);
      if (decided && row) {
        const answer = await this.view(this.db, row, new Set(embed), fmt, await this.config.get(), undefined, [...known.items], undefined, since);
        return { ...answer, ...(decided.extra === undefined ? {} : { extra: decided.extra }) };
      }
    }
    return this.change(sessionId, fmt, embed, async (tx, cart, _config, items) => {
      const { set, extra } = await decide(tx, cart.cartId, items);
      const [written] = Object.keys(set).length > 0 ? await tx.update(schema.carts).set(set).where(eq(schema.carts.cartId, cart.cartId)).returning() : [];
      return { cart: written, items, extra };
    }, { since });
  }

  /** A known, enabled method the cart can use now (free-over needs its threshold). */
  private async availableMethod(tx: Db, cartId: number, items: ItemRow[], code: string, since?: number): Promise<ShippingMethodRow> {
    const method = (await this.reference.shippingMethods(tx)).find((m) => m.code === code);
    if (!method) throw badRequest(CART_UNKNOWN_SHIPPING_METHOD);
    if (method.type === "free_over") {
      const lines = await this.lines(tx, cartId, items, since);
      if (lines.reduce((s, l) => s + l.unitPrice * l.item.qty, 0) < (method.threshold ?? 0)) throw badRequest(CART_UNKNOWN_SHIPPING_METHOD);
    }
    return method;
  }

  /**
   * `set` written onto the cart as this process knows it, in one statement: only while its version
   * and line count are the known ones (every writer of its lines or addresses moves the version).
   * Moves the version; null when the cart moved on.
   */
  private async writeKnown(sessionId: string, known: KnownCart, set: Partial<CartInsert>): Promise<CartRow | null> {
    const c = schema.carts;
    const columns = placeholders(set, "set.");
    const [row] = await statements.run<CartRow[]>(this.db, `write known cart: ${Object.keys(columns).join()}`, (db) => db.update(c)
      .set({ ...columns, version: sql`${c.version} + 1`, updatedAt: sql`now()` })
      .where(sql`${c.cartId} = ${sql.placeholder("cartId")} AND ${c.version} = ${sql.placeholder("version")}
        AND ${CartService.ownedBy(sql.placeholder("sessionId"))}
        AND (SELECT count(*) FROM cart_items i WHERE i.cart_id = ${c.cartId}) = ${sql.placeholder("lines")}`)
      .returning(), { ...prefixed(set, "set."), cartId: known.cartId, version: known.version, sessionId, lines: known.items.length });
    if (!row) return null;
    this.known.set(sessionId, { ...known, version: row.version, row });
    this.fieldSets++;
    return row;
  }

  /** PUT /cart/shipping: the method with its delivery data (pickup store, booked delivery date). */
  async setShipping(sessionId: string, body: CartShippingBody, fmt: MoneyFormat, since?: number): Promise<CartShippingAnswer> {
    const timeZone = await this.timeZone();
    const answer = await this.setFields<CartShippingAnswer["data"]>(sessionId, fmt, ALL_EMBEDS, async (db, cartId, items, at) => {
      const method = await this.availableMethod(db, cartId, items, body.method, at);
      const data: ShippingData = {};
      const shown: CartShippingAnswer["data"] = {};
      if (method.type === "pickup") {
        const locationId = body.data?.location_id;
        if (locationId === undefined) throw badRequest(CART_CHOOSE_STORE);
        const store = await this.reference.store(db, locationId);
        if (!store) throw notFound(STORE_NOT_FOUND);
        const lines = await this.lines(db, cartId, items, at);
        const stock = (await this.catalog.storeStock(db, stockNeeds(items).keys(), at)).get(locationId) ?? new Map<number, number>();
        const needs = stockNeeds(lines.map((l) => l.item));
        for (const l of lines) {
          const uses = stockNeeds([l.item]);
          if ([...uses.keys()].some((id) => (stock.get(id) ?? 0) < (needs.get(id) ?? 0))) throw conflict(cartNotInStoreStock(l.product.name, store.storeName));
        }
        data.location_id = locationId;
        shown.location_id = locationId;
      } else if (method.type === "scheduled" && body.data?.delivery_date !== undefined) {
        if (!deliveryDates(new Date(), timeZone).includes(body.data.delivery_date)) throw badRequest(CART_INVALID_DELIVERY_DATE);
        data.delivery_date = body.data.delivery_date;
        Object.assign(shown, deliveryText(body.data.delivery_date, method.title));
      }
      return { set: { shippingMethod: method.code, shippingData: data }, extra: shown };
    }, since);
    const { extra, ...cart } = answer;
    return { ...cart, method: body.method, data: extra ?? {} };
  }

  /** PUT /cart/packageai/checkoutinfo: where to book a scheduled delivery, and the days it offers. */
  async packageAiCheckoutInfo(shippingMethod: string): Promise<{ booking_url: string; delivery_dates: string[] }> {
    const [method] = await this.db.select().from(schema.shippingMethods).where(and(eq(schema.shippingMethods.code, shippingMethod), eq(schema.shippingMethods.enabled, true)));
    if (!method || method.type !== "scheduled" || !method.code.includes("package_ai")) throw badRequest(CART_NOT_SCHEDULED_METHOD);
    return {
      booking_url: `/api/rest/cart/packageai/booking?shipping_method=${encodeURIComponent(method.code)}`,
      delivery_dates: deliveryDates(new Date(), await this.timeZone()),
    };
  }

  async timeZone(): Promise<string> {
    const config = await this.config.get();
    return typeof config.timezoneId === "string" && config.timezoneId ? config.timezoneId : "America/Los_Angeles";
  }

  /** DELETE /cart: everything goes (lines, addresses, email, coupon, methods, payment). */
  async clear(sessionId: string, fmt: MoneyFormat): Promise<CartAnswer> {
    await this.db.delete(schema.carts).where(CartService.ownedBy(sessionId));
    return this.view(this.db, null, new Set(ALL_EMBEDS), fmt, await this.config.get());
  }

}
