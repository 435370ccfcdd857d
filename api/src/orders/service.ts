import { and, desc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import {
  CART_INVALID_EMAIL, ORDERS_SIGN_IN, ORDER_DATABASE_ERROR, ORDER_EMPTY_CART, ORDER_IN_PROGRESS, ORDER_NEEDS_BILLING, ORDER_NEEDS_EMAIL, ORDER_NEEDS_PAYMENT_METHOD,
  ORDER_NEEDS_SHIPPING, ORDER_NEEDS_SHIPPING_METHOD, ORDER_SHIPPING_UNAVAILABLE, PAYMENT_DECLINED, cartNotSellable, orderOutOfStock,
  type CartPaymentAnswer, type CartPaymentBody, type Order, type PlaceOrderAnswer,
} from "@store/contract";
import { schema, type Db } from "../db/client";
import { BuiltOnce, placeholders, prefixed } from "../db/built-once";
import type { HeldStock, StoredAddress } from "../db/schema";
import { HttpError, badRequest } from "../http/errors";
import type { Session } from "../http/session";
import { CartService } from "../cart/service";
import { stockNeeds } from "../cart/lines";
import type { ConfigService } from "../config/service";
import type { MailService } from "../mail/service";
import { MoneyFormat } from "../product/money";
import { intArray } from "../product/list-item";
import { attemptKey, type AuthorizeInput, type FinalizeEvent, type PaymentResult, type PaymentService, type Tx } from "../payments/service";
import type { PaymentStatus } from "../payments/provider";
import { sqlState } from "../db/errors";
import { withUnawaited, type Unawaited } from "../db/unawaited";

/** an order's statements, built once (see BuiltOnce) */
const statements = new BuiltOnce();

type OrderRow = typeof schema.orders.$inferSelect;
type ItemRow = typeof schema.orderItems.$inferSelect;
/** What the placing call already holds of its order: its lines, and the store's name (read before any transaction). */
type Known = { items: ItemRow[] | Promise<ItemRow[]>; storeName: string | null | undefined };

/** A session without a cart that placed an order this recently is replaying that place (a double submit, a retried request). */
const REPLAY_WINDOW_MS = 30 * 60_000;
/** A pending_payment order older than this that never reached a provider is canceled by recovery. */
export const STALE_PENDING_MS = 15 * 60_000;
/** A card hold on a canceled order is released by recovery for as long as the provider could still hold it. */
const HOLD_RELEASE_WINDOW_MS = 30 * 24 * 3_600_000;
/** Between two attempts to release one hold, recovery waits 2^n minutes after n failed ones, at most a day. */
const releaseBackoffMs = (failed: number) => Math.min(2 ** failed, 24 * 60) * 60_000;

const conflict = (message: string) => new HttpError(409, message);
const has = (s: string | undefined) => typeof s === "string" && s.trim() !== "";

/** What an order's payment is authorized with, keyed by the order number. */
const authorizeInput = (order: OrderRow, data: Record<string, unknown>, currency: string): AuthorizeInput => ({
  orderRef: order.incrementId, method: order.paymentMethod, amount: order.grandTotal, currency, data,
  idempotencyKey: attemptKey(order.incrementId, { amount: order.grandTotal, currency }, order.paymentData),
  billingCountry: order.billingAddress.country_id, shippingCountry: order.shippingAddress.country_id,
  firstAttempt: true, // the order was written by this very call: no earlier attempt can have an answer
});

/** SQLSTATE-bearing driver errors (serialisation, deadlock, lock timeout…) are answered as the spec's 'Database error'. */
const databaseError = (error: unknown): boolean => !(error instanceof HttpError) && sqlState(error) !== undefined;

/**
 * Placing orders (spec 001 §4 "Placing an order", §7, §8). One cart makes at most one order; no
 * payment provider is called while a database transaction is open:
 *
 * 1. claim (one transaction): lock the cart row; an order already holding the cart is either in
 *    flight (409) or done (a replay: the same order back); totals are recomputed; the stock rows
 *    are locked in product-id order and checked (409 naming the product when short); the order
 *    and its lines are written as a snapshot with status pending_payment; the stock is decremented
 *    last (see takeStock in claim). The payment is checked and recorded as requested in the same
 *    transaction: a refusal (ineligible, bad card data) leaves nothing behind.
 * 2. authorize with the provider, outside any transaction, keyed by the order number.
 * 3. apply (one transaction, the same applier webhooks reach through payments.finalize), with the
 *    provider's answer recorded in it: success moves the order on, deletes the cart (the session
 *    starts a new one) and queues the confirmation mail; a decline cancels the order, gives the
 *    stock back and lets the cart go untouched, so the shopper can try again.
 *
 * An offline method (check, cash on delivery, bank transfer) has no provider to call: its answer is
 * decided in process, so 1 to 3 run in one transaction.
 *
 * A crash between 1 and 3 leaves a pending_payment order holding stock: `recover` (at start and
 * in the maintenance schedule) applies a recorded answer that never reached its order, or cancels
 * orders older than STALE_PENDING_MS that never got one.
 */
export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly cart: CartService,
    private readonly payments: PaymentService,
    private readonly mail: MailService,
    private readonly config: ConfigService,
  ) {
    payments.onFinalize((tx, event) => this.applyFinalized(tx, event));
  }

  // ---- PUT/DELETE/GET /cart/payment ------------------------------------------------------

  async setPayment(sessionId: string, body: CartPaymentBody): Promise<CartPaymentAnswer> {
    const checked = this.payments.validate(body.method, body.data ?? {});
    if (checked.message) throw badRequest(checked.message);
    const payment = { method: body.method, data: checked.data };
    // one statement (it locks the row itself); a session without a cart gets one first
    const save = () => statements.run<{ cartId: number }[]>(this.db, "save payment", (db) => db.update(schema.carts)
      .set({ payment: sql.placeholder("payment") as never, updatedAt: sql`now()` }).where(CartService.ownedBy(sql.placeholder("sessionId")))
      .returning({ cartId: schema.carts.cartId }), { payment, sessionId });
    if ((await save()).length === 0) {
      await CartService.create(this.db, sessionId);
      await save();
    }
    return payment;
  }

  async clearPayment(sessionId: string): Promise<CartPaymentAnswer> {
    await this.db.update(schema.carts).set({ payment: null, updatedAt: sql`now()` }).where(CartService.ownedBy(sessionId));
    return { method: null, data: {} };
  }

  async getPayment(sessionId: string | null): Promise<CartPaymentAnswer> {
    const cart = sessionId === null ? null : await CartService.cartFor(this.db, sessionId);
    return cart?.payment ? { method: cart.payment.method, data: cart.payment.data } : { method: null, data: {} };
  }

  // ---- POST /cart/place -------------------------------------------------------------------

  async place(session: Session, body: { method?: string; data?: Record<string, unknown> }, fmt: MoneyFormat): Promise<PlaceOrderAnswer> {
    try {
      return await this.placeOnce(session, body, fmt);
    } catch (error) {
      if (databaseError(error)) throw conflict(ORDER_DATABASE_ERROR);
      throw error;
    }
  }

  private async placeOnce(session: Session, body: { method?: string; data?: Record<string, unknown> }, fmt: MoneyFormat): Promise<PlaceOrderAnswer> {
    const config = await this.config.get();
    const currency = config.currency_code || "USD";
    // the writes no later statement reads go unawaited (db/unawaited.ts): the order's lines, its
    // payment events, its mail and the stock's decrement ride along with the next awaited statement
    const claimed = await this.db.transaction((tx) => withUnawaited(async (unawaited) => {
      const c = await this.claim(tx, session, body, currency, unawaited);
      if ("replay" in c) return c;
      const input = authorizeInput(c.order, c.data, currency);
      if (this.payments.registry.get(c.order.paymentMethod).kind !== "offline") {
        // checked, and recorded as requested with the order (a refusal rolls both back: the cart and the stock stay)
        const payment = await this.payments.authorizeAround(input, tx, unawaited);
        unawaited.add(c.takeStock());
        return { ...c, items: await c.items, payment };
      }
      // an offline method has no outside party: it is answered here, and the order is done in this
      // same transaction (a refusal rolls the order back: the cart and the stock stay as they were)
      const result = await this.payments.authorize(input, tx, unawaited);
      const applied = await this.apply(tx, c.order.incrementId, result, { items: c.items, storeName: config.name }, c.order, unawaited);
      unawaited.add(c.takeStock());
      return { ...c, items: await c.items, result, applied };
    }));
    if ("replay" in claimed) return this.answer(claimed.replay, fmt);
    const { order, items } = claimed;
    const known = { items, storeName: config.name };

    let result: PaymentResult;
    let applied: OrderRow;
    if ("applied" in claimed) {
      ({ result, applied } = claimed);
    } else {
      // the provider's call, no transaction open; its answer is written in the transaction that applies it
      const { result: answer, record } = await claimed.payment.call();
      result = answer;
      try {
        applied = await this.db.transaction((tx) => withUnawaited((unawaited) => {
          unawaited.add(record(tx));
          return this.apply(tx, order.incrementId, answer, known, undefined, unawaited);
        }));
      } catch (error) {
        // the provider has answered: keep its answer for `recover` to apply, whatever refused the rest
        await this.db.transaction((tx) => record(tx)).catch(() => undefined);
        throw error;
      }
    }
    this.mail.wake();
    if (result.status === "declined" || result.status === "error" || result.status === "voided") {
      throw new HttpError(402, result.shopperMessage ?? ORDER_DATABASE_ERROR);
    }
    if (applied.status === "canceled" && result.reference && (result.status === "authorized" || result.status === "captured")) {
      // canceled while the gateway was asked (recovery gave its stock back, the cart stayed the
      // shopper's): nothing is sold, so the card's hold is released and the shopper told so
      await this.payments.void({ orderRef: order.incrementId, method: order.paymentMethod, reference: result.reference, idempotencyKey: `void:${order.incrementId}` });
      throw new HttpError(402, PAYMENT_DECLINED);
    }
    return this.answer(applied, fmt, result, items);
  }

  /**
   * Step 1: claim the cart, check it and its stock (rows locked in id order), write the order
   * (pending_payment). The stock's decrement is handed back as `takeStock`, for the caller to run
   * as its transaction's last statement, after the payment check that may still refuse the order:
   * the decrement fires the products trigger (stock log, change feed, page versions), whose work
   * is then done only for orders that commit. The rows were locked when the lines were checked.
   */
  private async claim(tx: Db, session: Session, body: { method?: string; data?: Record<string, unknown> }, currency: string, unawaited: Unawaited):
    Promise<{ replay: OrderRow } | { order: OrderRow; data: Record<string, unknown>; items: Promise<ItemRow[]>; takeStock: () => Promise<void> }> {
    // the cart locked (its version moved) with its lines, in one statement; its products read and
    // locked by the next, sent before the first is answered (one wait less holding the database)
    const claiming = CartService.claim(tx, session.id, { create: false, holder: true });
    const locked = CartService.claimedProducts(tx, session.id);
    // answered before the transaction ends, also where no line is read (a replay, an empty cart)
    unawaited.add(locked);
    const claimed = await claiming;
    const cart = claimed?.cart;
    if (!cart) {
      const [last] = await tx.select().from(schema.orders)
        .where(and(eq(schema.orders.sessionId, session.id), ne(schema.orders.status, "canceled"), gt(schema.orders.createdAt, new Date(Date.now() - REPLAY_WINDOW_MS))))
        .orderBy(desc(schema.orders.entityId)).limit(1);
      if (last) return { replay: last };
      throw badRequest(ORDER_EMPTY_CART);
    }
    // an order holding the cart (or one that may: read after the lock) is in flight or done
    const [holding] = claimed.holder === false ? [] : await tx.select().from(schema.orders).where(eq(schema.orders.cartId, cart.cartId));
    if (holding) {
      if (holding.status === "pending_payment") throw conflict(ORDER_IN_PROGRESS);
      return { replay: holding };
    }

    const { lines, totals, method, products } = await this.cart.checkoutState(tx, cart, claimed.items, await locked);
    if (lines.length === 0) throw badRequest(ORDER_EMPTY_CART);
    const billing = cart.billingAddress;
    const shipping: StoredAddress = cart.sameAsBilling ? billing : cart.shippingAddress;
    const email = (cart.email ?? billing.email ?? "").trim();
    if (email.length < 3) throw badRequest(ORDER_NEEDS_EMAIL);
    if (!method) throw badRequest(ORDER_NEEDS_SHIPPING_METHOD);
    if (totals.shippingUnavailable) throw badRequest(ORDER_SHIPPING_UNAVAILABLE);
    if (!has(billing.firstname) || !has(billing.telephone)) throw badRequest(ORDER_NEEDS_BILLING);
    const pickup = method.type === "pickup" ? cart.shippingData.location_id ?? null : null;
    if (pickup === null && !has(shipping.firstname)) throw badRequest(ORDER_NEEDS_SHIPPING);
    const paymentMethod = body.method ?? cart.payment?.method;
    if (!paymentMethod) throw badRequest(ORDER_NEEDS_PAYMENT_METHOD);
    // card fields come again with the place call (never stored); other methods may use what was saved
    const data = body.data ?? (cart.payment?.method === paymentMethod ? cart.payment.data : {});
    const checked = this.payments.validate(paymentMethod, data);
    if (checked.message) throw badRequest(checked.message);

    // stock: rows locked in product-id order (two orders never wait on each other in a cycle): the
    // products' rows as checkoutState read them, a store's inventory rows here
    const needs = [...stockNeeds(lines.map((l) => l.item))].sort((a, b) => a[0] - b[0]);
    const names = new Map<number, string>();
    for (const l of lines) {
      names.set(l.product.entityId, l.product.name);
      if (l.child) names.set(l.child.entityId, l.product.name);
      for (const s of l.selections) if (!names.has(s.product_id)) names.set(s.product_id, s.name || l.product.name);
    }
    // the catalogue may have changed since the lines were added: every product an order takes (the
    // locked rows) must still be enabled and sold online, whichever way it ships
    for (const l of lines) {
      for (const p of [l.product, ...(l.child ? [l.child] : []), ...l.selections.map((s) => products.get(s.product_id))]) {
        if (!p || p.status !== 1) throw conflict(orderOutOfStock(names.get(p?.entityId ?? l.product.entityId) ?? l.product.name));
        if (p.poa || !p.displayAddToCart) throw conflict(cartNotSellable(l.product.name));
      }
    }
    const ids = needs.map(([id]) => id);
    const quantities = intArray(needs.map(([, n]) => n));
    const held: HeldStock[] = [];
    // every decrement in one statement, on rows locked already; the caller runs it last (see takeStock)
    let decrement: SQL;
    if (pickup !== null) {
      const i = schema.inventory;
      const rows = await tx.select({ productId: i.productId, qty: i.qty }).from(i)
        .where(and(eq(i.locationId, pickup), inArray(i.productId, ids))).orderBy(i.productId).for("update");
      for (const [id, n] of needs) {
        if ((rows.find((r) => r.productId === id)?.qty ?? 0) < n) throw conflict(orderOutOfStock(names.get(id) ?? String(id)));
      }
      decrement = sql`UPDATE inventory i SET qty = i.qty - n.qty FROM unnest(${intArray(ids)}, ${quantities}) AS n(id, qty)
        WHERE i.location_id = ${pickup} AND i.product_id = n.id`;
      for (const [id, n] of needs) held.push({ product_id: id, location_id: pickup, qty: n });
    } else {
      // the rows were locked (in id order) when the lines were read
      for (const [id, n] of needs) {
        const row = products.get(id);
        if (!row || row.status !== 1 || row.qty < n) throw conflict(orderOutOfStock(names.get(id) ?? String(id)));
      }
      decrement = sql`UPDATE products p SET qty = p.qty - n.qty FROM unnest(${intArray(ids)}, ${quantities}) AS n(id, qty)
        WHERE p.entity_id = n.id`;
      for (const [id, n] of needs) held.push({ product_id: id, location_id: null, qty: n });
    }

    const [order] = await statements.insert(tx, schema.orders, [{
      cartId: cart.cartId, sourceCartId: cart.cartId, sessionId: session.id, customerId: session.customerId, status: "pending_payment",
      email, currency, subtotal: totals.subtotal, discount: totals.discount, shippingAmount: totals.shipping, tax: totals.tax, fee: totals.fee,
      grandTotal: totals.grandTotal, couponCode: totals.couponApplied ? cart.couponCode : null, shippingMethod: method.code,
      shippingTitle: `${method.carrierTitle} - ${method.title}`, shippingData: cart.shippingData, billingAddress: billing, shippingAddress: shipping,
      salesAssistance: cart.salesAssistance, paymentMethod, paymentData: checked.data, heldStock: held,
    }]);
    // the lines go with the next statement sent (their ids are read only for the answer and the mail)
    const written = statements.insert(tx, schema.orderItems, lines.map((l) => ({
      orderId: order!.entityId, productId: l.product.entityId, childId: l.child?.entityId ?? null, sku: (l.child ?? l.product).sku,
      name: l.child?.name ?? l.product.name, qty: l.item.qty, price: l.unitPrice, originalPrice: l.regularPrice, rowTotal: l.unitPrice * l.item.qty,
      crosssellParentIds: l.item.crosssellParentIds, bundleSelections: l.selections,
    })));
    const takeStock = async () => {
      await tx.execute(decrement);
    };
    // sent with the rest: a failure is reported when the transaction's statements are settled,
    // also when the body gave up before reading the lines
    const items = written.then((rows) => rows.sort((a, b) => a.itemId - b.itemId));
    unawaited.add(items);
    return { order: order!, data, items, takeStock };
  }

  /** Webhooks and returns from a provider (payments.finalize) reach the order here. */
  private async applyFinalized(tx: Tx, event: FinalizeEvent): Promise<void> {
    const db = tx as unknown as Db;
    // a payment that is no order's (made before the order code, or by another caller) is only recorded
    const [known] = await db.select({ id: schema.orders.entityId }).from(schema.orders).where(eq(schema.orders.incrementId, event.orderRef));
    if (!known) return;
    await this.apply(db, event.orderRef, { status: event.status, reference: event.reference });
    this.mail.wake();
  }

  /**
   * Step 3, idempotent: a payment's state applied to its order. Only an order still waiting
   * (pending_payment, or payment_review for a held card) moves; anything else is left as it is.
   */
  private async apply(tx: Db, incrementId: string, outcome: { status: PaymentStatus; reference?: string; suspicious?: boolean },
    known?: Known, written?: OrderRow, unawaited?: Unawaited): Promise<OrderRow> {
    // `written`: the order as this transaction wrote it (its row is locked already)
    const [order] = written ? [written] : await tx.select().from(schema.orders).where(eq(schema.orders.incrementId, incrementId)).for("update");
    if (!order) throw new HttpError(404, `Order ${incrementId.slice(0, 20)} not found.`);
    if (order.status !== "pending_payment" && order.status !== "payment_review") return order;
    const provider = this.payments.registry.has(order.paymentMethod) ? this.payments.registry.get(order.paymentMethod) : undefined;
    let status: OrderRow["status"];
    switch (outcome.status) {
      case "authorized":
      case "captured":
        status = outcome.suspicious ? "suspected_fraud" : "processing";
        break;
      case "pending":
        // offline methods are paid later by design; a held card waits for the gateway's review
        status = provider?.kind === "card" ? "payment_review" : outcome.suspicious ? "suspected_fraud" : "processing";
        break;
      case "requires_action":
        return order;
      default:
        status = "canceled";
    }
    if (status === order.status) return order;
    const set = { status, ...(outcome.reference ? { paymentReference: outcome.reference } : {}), ...(status === "canceled" ? { cartId: null } : {}) };
    const columns = placeholders(set, "set.");
    // a paid order's cart is done (the session starts a new one on its next change): it goes in the same statement
    const cartDone = status !== "canceled" && order.status === "pending_payment" && order.cartId !== null;
    const updating = statements.run<OrderRow[]>(tx, `order status: ${Object.keys(columns).join()}${cartDone ? " and cart gone" : ""}`, (db) => {
      const gone = db.$with("gone", { cartId: sql<number>`cart_id` }).as(sql`DELETE FROM carts WHERE cart_id = ${sql.placeholder("cartId")} RETURNING cart_id`);
      return (cartDone ? db.with(gone) : db).update(schema.orders)
        .set({ ...columns, updatedAt: sql`now()` }).where(eq(schema.orders.entityId, sql.placeholder("id"))).returning();
    }, { ...prefixed(set, "set."), id: order.entityId, ...(cartDone ? { cartId: order.cartId } : {}) });
    if (status !== "canceled" && order.status === "pending_payment") {
      // the confirmation reads nothing the update writes but the status: it goes right behind the
      // update instead of after its answer (one wait less while the transaction holds the database)
      const [[updated]] = await Promise.all([updating, this.queueConfirmation(tx, { ...order, status }, known, unawaited)]);
      return updated!;
    }
    const [updated] = await updating;
    if (status === "canceled") await this.giveBack(tx, order.heldStock);
    return updated!;
  }

  private async giveBack(tx: Db, held: HeldStock[]): Promise<void> {
    for (const h of [...held].sort((a, b) => a.product_id - b.product_id)) {
      if (h.location_id === null) {
        await tx.update(schema.products).set({ qty: sql`${schema.products.qty} + ${h.qty}` }).where(eq(schema.products.entityId, h.product_id));
      } else {
        const i = schema.inventory;
        await tx.update(i).set({ qty: sql`${i.qty} + ${h.qty}` }).where(and(eq(i.locationId, h.location_id), eq(i.productId, h.product_id)));
      }
    }
  }

  private async queueConfirmation(tx: Db, order: OrderRow, known?: Known, unawaited?: Unawaited): Promise<void> {
    const items = known ? await known.items : await tx.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.entityId)).orderBy(schema.orderItems.itemId);
    // read in this transaction: the embedded database has one connection, a read beside it would wait forever
    const storeName = (known ? known.storeName : (await tx.select({ name: sql<string | null>`${schema.storeConfigs.config} ->> 'name'` })
      .from(schema.storeConfigs).limit(1))[0]?.name) || "our store";
    const format = MoneyFormat.for("en-US", order.currency); // kept per currency: making an Intl format costs more than the mail
    const money = (cents: number) => format.formatted(cents);
    const lines = items.map((i) => `${i.qty} × ${i.name} (${i.sku})  ${money(i.rowTotal)}`);
    const text = [
      `Thank you for your order from ${storeName}.`,
      `Order number: ${order.incrementId}`,
      "",
      ...lines,
      "",
      `Subtotal: ${money(order.subtotal)}`,
      ...(order.discount ? [`Discount: -${money(order.discount)}`] : []),
      `Shipping: ${money(order.shippingAmount)} (${order.shippingTitle})`,
      `Tax: ${money(order.tax)}`,
      ...(order.fee ? [`Additional Fees: ${money(order.fee)}`] : []),
      `Grand total: ${money(order.grandTotal)}`,
      order.status === "processing" ? "" : "We will let you know as soon as your payment has been reviewed.",
    ].join("\n");
    const queued = this.mail.enqueue({
      kind: "order_confirmation", to: order.email, subject: `Your ${storeName} order ${order.incrementId}`, text,
      dedupeKey: `order_confirmation:${order.entityId}`,
    }, tx);
    if (unawaited) unawaited.add(queued);
    else await queued;
  }

  // ---- POST /cart/email ---------------------------------------------------------------------

  /** A real mail of the cart's lines and totals, through the outbox (sent by the worker, retried). */
  async emailCart(session: Session, body: { to: string; message?: string }, fmt: MoneyFormat) {
    const to = body.to.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) throw badRequest(CART_INVALID_EMAIL);
    const cart = await this.cart.get(session, ["items", "totals"], fmt);
    const lines = (cart.itemList ?? []).map((id) => cart.items![String(id)]!).map((i) => `${i.qty} × ${i.name} (${i.sku})  ${fmt.money(Math.round(i.price.amount * 100) * i.qty).formatted}`);
    if (lines.length === 0) throw badRequest(ORDER_EMPTY_CART);
    const storeName = (await this.config.get()).name;
    const text = [
      ...(body.message?.trim() ? [body.message.trim(), ""] : []),
      `A cart from ${storeName}:`, "", ...lines, "",
      `Grand total: ${cart.totals!.grand_total.formatted}`,
    ].join("\n");
    await this.mail.enqueue({ kind: "cart", to, subject: `Your cart at ${storeName}`, text });
    return { messages: { success: [{ message: `The cart was sent to ${to}.` }] } };
  }

  // ---- recovery -----------------------------------------------------------------------------

  /**
   * Orders left pending_payment by a crash between claiming and applying: the provider's recorded
   * answer is applied; one older than `staleMs` with no answer never reached the provider (or its
   * answer was lost) and is canceled, its stock given back. Safe to run in several processes.
   */
  async recover(staleMs = STALE_PENDING_MS): Promise<{ applied: number; canceled: number; released: number }> {
    // an order with a recorded answer may be applied at any age: apply() is idempotent under the order's row lock,
    // so racing the process that is placing it is harmless; only cancelling waits for staleMs
    const pending = await this.db.select().from(schema.orders).where(eq(schema.orders.status, "pending_payment")).orderBy(schema.orders.entityId);
    let applied = 0;
    let canceled = 0;
    for (const order of pending) {
      const events = await this.payments.events(order.incrementId);
      const answer = [...events].reverse().find((e) => e.step === "authorize" && e.status !== "requested");
      if (answer) {
        const data = answer.data as { suspicious?: boolean };
        await this.db.transaction((tx) => this.apply(tx, order.incrementId, {
          status: answer.status as PaymentStatus, reference: answer.providerReference ?? undefined, suspicious: data.suspicious,
        }));
        applied++;
      } else if (order.createdAt.getTime() < Date.now() - staleMs) {
        await this.db.transaction((tx) => this.apply(tx, order.incrementId, { status: "voided" }));
        canceled++;
      }
    }
    if (applied + canceled > 0) this.mail.wake();
    return { applied, canceled, released: await this.releaseHolds(staleMs) };
  }

  /**
   * Card holds left on canceled orders, released: an authorization (or capture) answered for an
   * order that was canceled around it, and nothing since that says it was voided (the void failed,
   * the process stopped before it, or an approval came back for an order already canceled). Each
   * is voided again, no transaction open, after a wait that doubles with each failed attempt; only
   * answers older than `staleMs`, so the request placing the order voids first.
   */
  private async releaseHolds(staleMs: number): Promise<number> {
    const e = schema.paymentEvents;
    const now = Date.now();
    // one row per order: its authorization and a finalize may both name the hold
    const holds = await this.db.selectDistinctOn([schema.orders.entityId], {
      orderRef: schema.orders.incrementId, method: schema.orders.paymentMethod, reference: e.providerReference,
      failed: sql<number>`(SELECT count(*) FROM payment_events v WHERE v.order_ref = ${schema.orders.incrementId} AND v.step = 'void' AND v.status <> 'requested')`.mapWith(Number),
      lastAttempt: sql<Date | null>`(SELECT max(v.created_at) FROM payment_events v WHERE v.order_ref = ${schema.orders.incrementId} AND v.step = 'void')`.mapWith((v) => (v ? new Date(v) : null)),
    }).from(schema.orders)
      .innerJoin(e, and(eq(e.orderRef, schema.orders.incrementId), inArray(e.step, ["authorize", "finalize"]), inArray(e.status, ["authorized", "captured"]),
        sql`${e.providerReference} IS NOT NULL`, sql`${e.createdAt} < ${new Date(now - staleMs)}`))
      .where(and(eq(schema.orders.status, "canceled"), gt(schema.orders.createdAt, new Date(now - HOLD_RELEASE_WINDOW_MS)),
        // released: a void answered, a status read or a provider's event says so
        sql`NOT EXISTS (SELECT 1 FROM payment_events v WHERE v.order_ref = ${schema.orders.incrementId} AND v.status = 'voided')`))
      .orderBy(schema.orders.entityId);
    let released = 0;
    for (const hold of holds) {
      // a method since taken out of the configuration has no client to ask: left for when it is back
      if (!this.payments.registry.has(hold.method)) continue;
      if (hold.lastAttempt && now - hold.lastAttempt.getTime() < releaseBackoffMs(hold.failed)) continue;
      const payment = { orderRef: hold.orderRef, method: hold.method, reference: hold.reference! };
      // a failed attempt may have reached the provider with its answer lost: asked first, so a
      // hold already released is not voided twice (the answer is recorded, which ends the retries)
      if (hold.failed > 0 && (await this.payments.status(payment)).status === "voided") {
        released++;
        continue;
      }
      // each retry under a key of its own: a provider keeps a key's first answer, failures too
      const idempotencyKey = hold.failed > 0 ? `void:${hold.orderRef}:${hold.failed}` : `void:${hold.orderRef}`;
      if ((await this.payments.void({ ...payment, idempotencyKey })).status === "voided") released++;
    }
    return released;
  }

  // ---- GET /orders --------------------------------------------------------------------------

  async list(session: Session | null, fmt: MoneyFormat): Promise<{ orders: Order[] }> {
    if (!session || session.customerId === null) throw new HttpError(401, ORDERS_SIGN_IN);
    const rows = await this.db.select().from(schema.orders).where(eq(schema.orders.customerId, session.customerId)).orderBy(desc(schema.orders.entityId)).limit(100);
    const items = rows.length === 0 ? [] : await this.db.select().from(schema.orderItems)
      .where(inArray(schema.orderItems.orderId, rows.map((r) => r.entityId))).orderBy(schema.orderItems.itemId);
    return { orders: rows.map((r) => this.view(r, items.filter((i) => i.orderId === r.entityId), fmt)) };
  }

  private async answer(order: OrderRow, fmt: MoneyFormat, result?: PaymentResult, known?: ItemRow[]): Promise<PlaceOrderAnswer> {
    const items = known ?? await this.db.select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.entityId)).orderBy(schema.orderItems.itemId);
    const status = result?.status === "requires_action" ? "redirect"
      : order.status === "suspected_fraud" ? "suspicious"
      : order.status === "payment_review" || order.status === "pending_payment" ? "pending" : "success";
    return {
      order: this.view(order, items, fmt),
      status,
      ...(result?.redirectUrl ? { redirect_url: result.redirectUrl } : {}),
      messages: { success: [{ message: `Your order number is ${order.incrementId}.` }], error: [] },
    };
  }

  private view(o: OrderRow, items: ItemRow[], fmt: MoneyFormat): Order {
    const address = (a: StoredAddress) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)) as Record<string, string | string[]>;
    return {
      entity_id: o.entityId,
      increment_id: o.incrementId,
      status: o.status as Order["status"],
      created_at: o.createdAt.toISOString(),
      email: o.email,
      order_total: fmt.money(o.grandTotal),
      totals: {
        subtotal: fmt.money(o.subtotal), discount: fmt.money(o.discount), shipping: fmt.money(o.shippingAmount), tax: fmt.money(o.tax),
        fee: fmt.money(o.fee), grand_total: fmt.money(o.grandTotal),
      },
      coupon_code: o.couponCode,
      shipping_method: o.shippingMethod,
      shipping_title: o.shippingTitle,
      billing_address: address(o.billingAddress),
      shipping_address: address(o.shippingAddress),
      payment: { method: o.paymentMethod, data: o.paymentData },
      items: items.map((i) => ({
        product_id: i.productId, sku: i.sku, name: i.name, qty: i.qty, price: fmt.money(i.price), original_price: fmt.money(i.originalPrice),
        row_total: fmt.money(i.rowTotal), crosssell_parent_ids: i.crosssellParentIds,
      })),
      additional_information: { email_address: o.email },
    };
  }
}
