import type { ProductDetail } from "@store/contract";
import type { Clock, MoneyFormat } from "./money";

type Promotions = NonNullable<ProductDetail["promotions"]>;
type Promotion = Promotions["product_promotions"][number];

export interface ProgramRow {
  productId: number;
  programId: string;
  promoName: string;
  promoShortDescription: string;
  start: number;
  end: number;
  rebateFormUrl: string;
  brandLogoUrls: unknown;
  manufacturer: string;
  linqType: string;
  afterCheckout: boolean;
  amount: number;
}

/** linq_type → kind: instant savings, a BuyMoreSaveMore offer, or else a (mail-in) rebate. */
export function promotionKind(linqType: string): Promotion["kind"] {
  const t = linqType.toLowerCase().replace(/[^a-z]/g, "");
  if (t === "instant" || t === "instantsavings") return "instant";
  if (t === "buymoresavemore" || t === "bmsm") return "BuyMoreSaveMore";
  return "rebate";
}

/**
 * The programmes running now (start ≤ now ≤ end), soonest-ending first, and what they add up to:
 * package savings are the instant savings plus, for a bundle, its saving over buying the pieces
 * apart; the after-rebates price takes every instant saving and rebate off the final price
 * (BuyMoreSaveMore depends on the basket, so it is left out).
 */
export function buildPromotions(rows: readonly ProgramRow[], finalCents: number, packageSavingsCents: number, fmt: MoneyFormat, clock: Clock) {
  const active = rows
    .filter((r) => {
      const start = new Date(Number(r.start));
      const end = new Date(Number(r.end));
      clock.watch(start);
      clock.watch(end);
      return start.getTime() <= clock.now && clock.now <= end.getTime();
    })
    .sort((a, b) => Number(a.end) - Number(b.end) || a.programId.localeCompare(b.programId));
  const list: Promotion[] = active.map((r) => ({
    program_id: r.programId,
    linq_type: r.linqType,
    kind: promotionKind(r.linqType),
    promo_name: r.promoName,
    promo_short_description: r.promoShortDescription,
    start_date: new Date(Number(r.start)).toISOString(),
    end_date: new Date(Number(r.end)).toISOString(),
    rebate_form_url: r.rebateFormUrl,
    brand_logo_urls: Array.isArray(r.brandLogoUrls) ? r.brandLogoUrls.filter((u): u is string => typeof u === "string") : [],
    manufacturer: r.manufacturer,
    after_checkout: r.afterCheckout,
    amount: fmt.money(r.amount),
  }));
  let instant = 0;
  let rebates = 0;
  for (const r of active) {
    const kind = promotionKind(r.linqType);
    if (kind === "instant") instant += r.amount;
    else if (kind === "rebate") rebates += r.amount;
  }
  const firstEnd = (kind: Promotion["kind"]) => list.find((p) => p.kind === kind)?.end_date ?? null;
  const answer: Promotions = {
    linq_type: list[0]?.linq_type ?? null,
    program_id: list[0]?.program_id ?? null,
    after_checkout: list.some((p) => p.after_checkout),
    product_promotions: list,
    package_savings_amount: fmt.money(instant + packageSavingsCents),
    after_rebates_amount: fmt.money(Math.max(0, finalCents - instant - rebates)),
    has_buy_more_save_more: list.some((p) => p.kind === "BuyMoreSaveMore"),
  };
  return { answer, instantSavingsToDate: firstEnd("instant"), consumerRebateToDate: firstEnd("rebate") };
}

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/**
 * Flags as stored (an array of {position, text, color, visible}, or an object keyed by position),
 * kept to positions 1 to 8, one per position, in order. Missing positions are the storefront's
 * to fill with placeholders.
 */
export function normaliseFlags(stored: unknown): ProductDetail["product_flags"] {
  const entries: Array<[unknown, unknown]> = Array.isArray(stored)
    ? stored.map((f) => [(f as { position?: unknown } | null)?.position, f])
    : typeof stored === "object" && stored !== null ? Object.entries(stored) : [];
  const byPosition = new Map<number, ProductDetail["product_flags"][number]>();
  for (const [rawPosition, flag] of entries) {
    const position = Number(rawPosition);
    if (!Number.isInteger(position) || position < 1 || position > 8 || byPosition.has(position)) continue;
    const f = (typeof flag === "object" && flag !== null ? flag : { text: flag }) as Record<string, unknown>;
    byPosition.set(position, {
      position,
      visible: f.visible === undefined ? true : f.visible === true || f.visible === 1 || f.visible === "1",
      text: str(f.text ?? f.label),
      color: str(f.color),
    });
  }
  return [...byPosition.values()].sort((a, b) => a.position - b.position);
}

/** Features as stored (strings or objects) as {title, description, image_url}. */
export function normaliseFeatures(stored: unknown): ProductDetail["product_features"] {
  if (!Array.isArray(stored)) return [];
  return stored.map((f) => {
    if (typeof f !== "object" || f === null) return { title: "", description: str(f), image_url: "" };
    const o = f as Record<string, unknown>;
    return { title: str(o.title ?? o.name), description: str(o.description ?? o.text ?? o.value), image_url: str(o.image_url ?? o.image) };
  });
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");

/**
 * Specification groups kept with the product ({group: [{label, value}, …]} in product_data), or
 * null when it holds none; the caller then groups the product's attribute values instead.
 */
export function specificationGroups(productData: unknown): ProductDetail["simple_attributes"] | null {
  if (typeof productData !== "object" || productData === null || Array.isArray(productData)) return null;
  const groups: ProductDetail["simple_attributes"] = [];
  for (const [group, rows] of Object.entries(productData)) {
    if (!Array.isArray(rows)) continue;
    const attributes = rows
      .filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null && "label" in r)
      .map((r) => ({ code: typeof r.code === "string" ? r.code : slug(str(r.label)), label: str(r.label), value: str(r.value) }));
    if (attributes.length > 0) groups.push({ group, attributes });
  }
  return groups.length > 0 ? groups : null;
}
