/**
 * The cart's money, as one pure function of what is in it (spec 001 §3 totals, §9 labels).
 * Everything is integer minor units. The order of savings:
 *   1. instant savings per unit (a programme's amount, never more than the unit price),
 *   2. buy-more-save-more instant savings (once per programme when it qualifies),
 *   3. the coupon, on what is left (percent rounded half up; fixed never more than what is left),
 * so no discount takes a line below zero. Mail-in money (consumer rebates, mail-in BMSM) is never
 * taken off the total: it is reported in the discount subtotals and buymoresavemore_info.
 * Tax is computed once on the taxable total (merchandise after discounts; fees and shipping are
 * not taxed) and rounded half up, not per line.
 */

export type ProgramKind = "instant" | "rebate" | "BuyMoreSaveMore";

export interface TotalsProgram {
  programId: string;
  promoName: string;
  kind: ProgramKind;
  /** minor units: off each unit (instant, rebate) or once per qualifying cart (BMSM) */
  amount: number;
  afterCheckout: boolean;
  start: Date;
  end: Date;
}

export interface TotalsLine {
  itemId: number;
  qty: number;
  /** final unit price (special price applied) */
  unitPrice: number;
  programs: readonly TotalsProgram[];
  fees: ReadonlyArray<{ title: string; amount: number }>;
}

export interface TotalsCoupon {
  code: string;
  type: string; // percent | fixed
  amount: number;
  minSubtotal: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  timesUsed: number;
}

export interface TotalsShipping {
  type: string; // flat | free_over | pickup | scheduled
  price: number;
  threshold: number | null;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  /** the code asked for, and its row (null when no such code) */
  coupon: { code: string; row: TotalsCoupon | null } | null;
  /** basis points, null when the destination has no tax (or is unknown) */
  taxRateBp: number | null;
  shipping: TotalsShipping | null;
  now: Date;
}

export type CouponProblem = { kind: "not_valid" } | { kind: "below_minimum"; minimum: number };

export interface BmsmResult {
  programId: string;
  promoName: string;
  mailIn: boolean;
  qualifyingQty: number;
  savings: number;
}

export interface LineResult {
  itemId: number;
  rowTotal: number;
  instantSavings: number;
  consumerRebate: number;
  fees: Array<{ title: string; amount: number }>;
}

export interface Totals {
  subtotal: number;
  instantSavings: number;
  bmsmInstant: number;
  bmsmMailIn: number;
  couponDiscount: number;
  /** instant savings + BMSM instant + coupon */
  discount: number;
  consumerRebate: number;
  fee: number;
  fees: Array<{ title: string; amount: number }>;
  shipping: number;
  /** the chosen free-over method no longer qualifies */
  shippingUnavailable: boolean;
  tax: number;
  grandTotal: number;
  couponApplied: boolean;
  couponProblem: CouponProblem | null;
  bmsm: BmsmResult[];
  lines: LineResult[];
  qty: number;
}

/** A BMSM programme qualifies when the cart holds this many of its units. */
export const BMSM_MIN_QTY = 2;

const active = (p: TotalsProgram, now: Date) => p.start.getTime() <= now.getTime() && now.getTime() <= p.end.getTime();

/** Is the coupon usable now for this subtotal; null when it is. */
export function couponProblem(row: TotalsCoupon | null, subtotal: number, now: Date): CouponProblem | null {
  if (!row) return { kind: "not_valid" };
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return { kind: "not_valid" };
  if (row.endsAt && row.endsAt.getTime() < now.getTime()) return { kind: "not_valid" };
  if (row.usageLimit !== null && row.timesUsed >= row.usageLimit) return { kind: "not_valid" };
  if (row.type !== "percent" && row.type !== "fixed") return { kind: "not_valid" };
  if (subtotal < row.minSubtotal) return { kind: "below_minimum", minimum: row.minSubtotal };
  return null;
}

export function computeTotals(input: TotalsInput): Totals {
  const { now } = input;
  let subtotal = 0;
  let instantSavings = 0;
  let consumerRebate = 0;
  let qty = 0;
  const feeByTitle = new Map<string, number>();
  const lines: LineResult[] = [];
  const bmsmQty = new Map<string, { program: TotalsProgram; qty: number }>();

  for (const line of input.lines) {
    const rowTotal = line.unitPrice * line.qty;
    subtotal += rowTotal;
    qty += line.qty;
    const programs = line.programs.filter((p) => active(p, now));
    const instantUnit = Math.min(line.unitPrice, programs.filter((p) => p.kind === "instant").reduce((s, p) => s + p.amount, 0));
    const rebateUnit = Math.min(line.unitPrice - instantUnit, programs.filter((p) => p.kind === "rebate").reduce((s, p) => s + p.amount, 0));
    instantSavings += instantUnit * line.qty;
    consumerRebate += rebateUnit * line.qty;
    for (const p of programs.filter((p) => p.kind === "BuyMoreSaveMore")) {
      const held = bmsmQty.get(p.programId) ?? { program: p, qty: 0 };
      held.qty += line.qty;
      bmsmQty.set(p.programId, held);
    }
    const fees = line.fees.map((f) => ({ title: f.title, amount: f.amount * line.qty }));
    for (const f of fees) feeByTitle.set(f.title, (feeByTitle.get(f.title) ?? 0) + f.amount);
    lines.push({ itemId: line.itemId, rowTotal, instantSavings: instantUnit * line.qty, consumerRebate: rebateUnit * line.qty, fees });
  }

  let left = subtotal - instantSavings;
  let bmsmInstant = 0;
  let bmsmMailIn = 0;
  const bmsm: BmsmResult[] = [];
  for (const { program, qty: q } of [...bmsmQty.values()].sort((a, b) => a.program.programId.localeCompare(b.program.programId))) {
    if (q < BMSM_MIN_QTY) continue;
    const mailIn = program.afterCheckout;
    const savings = mailIn ? program.amount : Math.min(program.amount, left);
    if (mailIn) bmsmMailIn += savings;
    else {
      bmsmInstant += savings;
      left -= savings;
    }
    bmsm.push({ programId: program.programId, promoName: program.promoName, mailIn, qualifyingQty: q, savings });
  }

  let couponDiscount = 0;
  let problem: CouponProblem | null = null;
  if (input.coupon) {
    problem = couponProblem(input.coupon.row, subtotal, now);
    const row = input.coupon.row;
    if (!problem && row) {
      couponDiscount = row.type === "percent" ? Math.round((left * Math.min(100, Math.max(0, row.amount))) / 100) : Math.max(0, row.amount);
      couponDiscount = Math.min(couponDiscount, left);
      left -= couponDiscount;
    }
  }

  const discount = instantSavings + bmsmInstant + couponDiscount;
  const fee = [...feeByTitle.values()].reduce((s, v) => s + v, 0);
  let shipping = 0;
  let shippingUnavailable = false;
  if (input.shipping && input.lines.length > 0) {
    if (input.shipping.type === "free_over") {
      shippingUnavailable = subtotal < (input.shipping.threshold ?? 0);
      shipping = 0;
    } else {
      shipping = input.shipping.price;
    }
  }
  const taxable = subtotal - discount;
  const tax = input.taxRateBp ? Math.round((taxable * input.taxRateBp) / 10_000) : 0;
  return {
    subtotal,
    instantSavings,
    bmsmInstant,
    bmsmMailIn,
    couponDiscount,
    discount,
    consumerRebate,
    fee,
    fees: [...feeByTitle.entries()].map(([title, amount]) => ({ title, amount })),
    shipping,
    shippingUnavailable,
    tax,
    grandTotal: taxable + fee + shipping + tax,
    couponApplied: input.coupon !== null && problem === null,
    couponProblem: problem,
    bmsm,
    lines,
    qty,
  };
}
