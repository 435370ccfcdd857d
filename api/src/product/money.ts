import type { Money, ProductPrices } from "@store/contract";

/**
 * Money for answers: integer cents in, dollars plus an Intl-formatted string out, in the store's
 * currency and locale. Formatters are costly to create, so one per (locale, currency) is kept.
 */
export class MoneyFormat {
  private static readonly formatters = new Map<string, MoneyFormat>();
  private readonly format: Intl.NumberFormat;

  private constructor(readonly locale: string, readonly currency: string) {
    this.format = new Intl.NumberFormat(locale, { style: "currency", currency });
  }

  static for(locale: string | null | undefined, currency: string | null | undefined): MoneyFormat {
    const asked = `${locale}|${currency}`;
    let hit = MoneyFormat.formatters.get(asked);
    if (!hit) {
      const tag = normaliseLocale(locale);
      const code = /^[A-Za-z]{3}$/.test(currency ?? "") ? currency!.toUpperCase() : "USD";
      hit = new MoneyFormat(tag, code);
      MoneyFormat.formatters.set(asked, hit);
    }
    return hit;
  }

  /** Formatted strings by amount: catalogue prices repeat a lot and Intl formatting is slow. */
  private readonly strings = new Map<number, string>();

  get key(): string {
    return `${this.locale}|${this.currency}`;
  }

  amount(cents: number): number {
    return Math.round(cents) / 100;
  }

  formatted(cents: number): string {
    const c = Math.round(cents);
    let hit = this.strings.get(c);
    if (hit === undefined) {
      hit = this.format.format(c / 100);
      if (this.strings.size >= 50_000) this.strings.clear();
      this.strings.set(c, hit);
    }
    return hit;
  }

  money(cents: number): Money {
    return { amount: this.amount(cents), formatted: this.formatted(cents) };
  }
}

/** 'en_US' → 'en-US'; anything Intl does not know falls back to en-US. */
function normaliseLocale(locale: string | null | undefined): string {
  const tag = (locale ?? "en_US").replace("_", "-");
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0 ? tag : "en-US";
  } catch {
    return "en-US";
  }
}

/** The price columns every product row carries. */
export interface PriceColumns {
  price: number;
  specialPrice: number | null;
  specialFromDate: Date | null;
  specialToDate: Date | null;
  msrp: number | null;
  poa: boolean;
  displayAddToCart: boolean;
}

/**
 * Collects the next moment an answer built now changes by itself (a special price starts or
 * ends, a promotion starts or ends), so a cached answer is dropped exactly then.
 */
export class Clock {
  readonly now: number;
  next = Number.POSITIVE_INFINITY;
  constructor(now = Date.now()) {
    this.now = now;
  }
  watch(date: Date | null | undefined): void {
    if (!date) return;
    const t = date.getTime();
    if (t > this.now && t < this.next) this.next = t;
  }
}

export function isSpecialActive(row: PriceColumns, clock: Clock): boolean {
  if (row.specialPrice === null) return false;
  clock.watch(row.specialFromDate);
  clock.watch(row.specialToDate);
  if (row.specialFromDate && row.specialFromDate.getTime() > clock.now) return false;
  if (row.specialToDate && row.specialToDate.getTime() < clock.now) return false;
  return true;
}

/** Final price in cents: the special price while its window is open (and lower), else the price. */
export function finalPriceCents(row: PriceColumns, clock: Clock): number {
  return isSpecialActive(row, clock) ? Math.min(row.price, row.specialPrice!) : row.price;
}

export function buildPrices(row: PriceColumns, fmt: MoneyFormat, clock: Clock): ProductPrices {
  const regular = row.price;
  const final = finalPriceCents(row, clock);
  const off = regular - final;
  return {
    regular_price_without_tax: fmt.amount(regular),
    final_price_without_tax: fmt.amount(final),
    regular_price_without_tax_formatted: fmt.formatted(regular),
    final_price_without_tax_formatted: fmt.formatted(final),
    discount: off > 0 ? { amount: fmt.amount(off), formatted: fmt.formatted(off), percent: Math.round((off / regular) * 100) } : null,
    on_sale: off > 0,
    msrp_enabled: row.msrp !== null && row.msrp > final,
    msrp: row.msrp === null ? null : fmt.money(row.msrp),
    display_price: row.poa ? null : fmt.money(final),
    poa: row.poa,
    display_add_to_cart: row.displayAddToCart && !row.poa,
    special_from_date: row.specialFromDate ? row.specialFromDate.toISOString() : null,
    special_to_date: row.specialToDate ? row.specialToDate.toISOString() : null,
  };
}
