import {
  CART_TOTAL_TITLES, CART_UNKNOWN_SHIPPING_METHOD, couponApplied, couponBelowMinimum, couponNotValid, cartQtyUnavailable,
  type CartAnswer, type CartEmbed, type CartItem,
} from "@store/contract";
import type { schema } from "../db/client";
import type { StoredAddress } from "../db/schema/cart";
import type { MoneyFormat } from "../product/money";
import type { Line } from "./lines";
import type { Totals } from "./totals";
import { escapeHtml } from "../lib/html";

type CartRow = typeof schema.carts.$inferSelect;
export type ShippingMethodRow = typeof schema.shippingMethods.$inferSelect;

export interface ViewInput {
  cart: CartRow | null;
  lines: Line[];
  totals: Totals;
  /** the coupon code the answer speaks of (a refused one on the PUT that tried it) */
  couponCode: string | null;
  methods: CartAnswer["methods"] extends infer M ? NonNullable<M> : never;
  /** units each stock product has online, to flag lines the store can no longer fill */
  stock: Map<number, number>;
  needs: Map<number, number>;
  embed: ReadonlySet<CartEmbed>;
  fmt: MoneyFormat;
}


export function embeddedAddress(a: StoredAddress, sameAsBilling?: boolean) {
  const name = [a.firstname, a.lastname].filter(Boolean).join(" ");
  const place = [a.city, [a.region, a.postcode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const lines = [name, a.company, ...(a.street ?? []), place].filter((l): l is string => Boolean(l));
  if (lines.length > 0 && a.country_id) lines.push(a.country_id);
  return {
    firstname: a.firstname ?? "", lastname: a.lastname ?? "", middlename: "", prefix: "", suffix: "",
    company: a.company ?? "", street: a.street ?? [], city: a.city ?? "", region: a.region ?? "", region_id: a.region_id ?? "",
    postcode: a.postcode ?? "", country_id: a.country_id ?? "", telephone: a.telephone ?? "", fax: "", email: a.email ?? "",
    formatted: lines.join("\n"),
    formatted_text: lines.join("\n"),
    formatted_html: lines.map(escapeHtml).join("<br/>"),
    validation_errors: [],
    ...(sameAsBilling === undefined ? {} : { same_as_billing: sameAsBilling }),
  };
}

/** The cart as GET /cart answers it, with only the parts embedded. */
export function buildView(v: ViewInput): CartAnswer {
  const { cart, lines, totals: t, fmt, embed } = v;
  const errors: string[] = [];
  const success: string[] = [];
  if (v.couponCode) {
    if (t.couponProblem?.kind === "not_valid") errors.push(couponNotValid(v.couponCode));
    else if (t.couponProblem?.kind === "below_minimum") errors.push(couponBelowMinimum(v.couponCode, fmt.formatted(t.couponProblem.minimum)));
    else if (t.couponApplied) success.push(couponApplied(v.couponCode));
  }
  const couponError = v.couponCode && t.couponProblem ? errors[0]! : null;
  // stock that fell under a line since it was added: the cart says so instead of selling it
  const short = new Set<number>();
  for (const [id, need] of v.needs) if (need > (v.stock.get(id) ?? 0)) short.add(id);
  for (const l of lines) {
    const uses = l.item.bundleSelections.length > 0 ? l.item.bundleSelections.map((s) => s.product_id) : [l.item.childId ?? l.item.productId];
    if (uses.some((id) => short.has(id))) errors.push(cartQtyUnavailable(l.product.name));
  }
  if (t.shippingUnavailable) errors.push(CART_UNKNOWN_SHIPPING_METHOD);

  const money = (cents: number) => fmt.money(cents);
  const total = (cents: number, title: string) => ({ ...fmt.money(cents), title });
  const answer: CartAnswer = {
    info: {
      qty: t.qty,
      coupon_code: cart?.couponCode ?? null,
      coupon_error: couponError,
      messages: { error: errors, success },
      email: cart?.email ?? null,
      shipping_method: cart?.shippingMethod ?? null,
      shipping_data: { ...(cart?.shippingData ?? {}) },
      fees: t.fees.map((f) => ({ title: f.title, fee_amount: money(f.amount) })),
      has_error: errors.length > (couponError ? 1 : 0),
      payment: cart?.payment ?? null,
      sales_assistance: cart?.salesAssistance ?? null,
    },
    discount_subtotal_plus_consumer_rebate: money(Math.max(0, t.subtotal - t.discount - t.consumerRebate - t.bmsmMailIn)),
    discount_subtotal_plus_discount: money(t.subtotal - t.discount),
    discount_subtotal_plus_instant_savings: money(t.subtotal - t.instantSavings - t.bmsmInstant),
    buymoresavemore_info: t.bmsm.map((b) => ({
      type: b.mailIn ? "BuyMoreSaveMore_MailIn" as const : "BuyMoreSaveMore_Instant" as const,
      program_id: b.programId,
      promo_name: b.promoName,
      qualifying_qty: b.qualifyingQty,
      savings: money(b.savings),
      buymoresavemore_final_price: money(b.mailIn ? Math.max(0, t.grandTotal - b.savings) : t.grandTotal),
    })),
  };
  if (embed.has("totals")) {
    answer.totals = {
      discount: total(t.discount, CART_TOTAL_TITLES.discount),
      fee: total(t.fee, CART_TOTAL_TITLES.fee),
      grand_total: total(t.grandTotal, CART_TOTAL_TITLES.grand_total),
      shipping: total(t.shipping, CART_TOTAL_TITLES.shipping),
      subtotal: total(t.subtotal, CART_TOTAL_TITLES.subtotal),
      tax: total(t.tax, CART_TOTAL_TITLES.tax),
    };
  }
  if (embed.has("items")) {
    const items: Record<string, CartItem> = {};
    const addons: Record<string, number[]> = {};
    for (const l of lines) {
      const r = t.lines.find((x) => x.itemId === l.item.itemId)!;
      const shown = l.child ?? l.product;
      items[String(l.item.itemId)] = {
        item_id: l.item.itemId,
        product_id: l.item.productId,
        child_product_id: l.item.childId,
        type_id: l.product.typeId,
        sku: shown.sku,
        name: l.product.name,
        url_key: l.product.urlKey,
        image_url: l.product.imageUrl,
        qty: l.item.qty,
        price: money(l.unitPrice),
        original_price: money(l.regularPrice),
        row_total: money(r.rowTotal),
        manufacturer: l.manufacturer,
        model_number: l.product.modelNumber,
        crosssell_parent_id: l.item.crosssellParentIds.join(","),
        bundle_selections: l.selections.map((s) => ({ option_id: s.option_id, selection_id: s.selection_id, product_id: s.product_id, sku: s.sku, name: s.name, qty: s.qty })),
        instant_savings: money(r.instantSavings),
        consumer_rebate: money(r.consumerRebate),
        fees: r.fees.map((f) => ({ title: f.title, fee_amount: money(f.amount) })),
      };
      for (const parent of l.item.crosssellParentIds) (addons[String(parent)] ??= []).push(l.item.productId);
    }
    answer.items = items;
    answer.itemList = lines.map((l) => l.item.itemId);
    answer.addons = addons;
  }
  if (embed.has("billing_address") || embed.has("shipping_address")) {
    answer.addresses = {
      ...(embed.has("billing_address") ? { billing: embeddedAddress(cart?.billingAddress ?? {}) } : {}),
      ...(embed.has("shipping_address") ? { shipping: embeddedAddress(cart?.shippingAddress ?? {}, cart?.sameAsBilling ?? false) } : {}),
    };
  }
  if (embed.has("shipping_methods") || embed.has("payment_methods")) {
    answer.methods = {
      ...(embed.has("shipping_methods") ? { shipping: v.methods.shipping } : {}),
      ...(embed.has("payment_methods") ? { payment: v.methods.payment } : {}),
    };
  }
  if (embed.has("payment")) answer.payment = cart?.payment ?? null;
  return answer;
}
