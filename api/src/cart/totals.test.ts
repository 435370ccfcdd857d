import { describe, expect, it } from "vitest";
import { computeTotals, type TotalsCoupon, type TotalsInput, type TotalsLine, type TotalsProgram } from "./totals";

const now = new Date("2025-06-02T12:00:00Z");
const open = { start: new Date("2025-06-01T00:00:00Z"), end: new Date("2025-06-30T00:00:00Z") };
const program = (p: Partial<TotalsProgram> & Pick<TotalsProgram, "kind" | "amount">): TotalsProgram =>
  ({ programId: `P-${p.kind}`, promoName: p.kind, afterCheckout: false, ...open, ...p });
const line = (p: Partial<TotalsLine> & Pick<TotalsLine, "unitPrice">): TotalsLine => ({ itemId: 1, qty: 1, programs: [], fees: [], ...p });
const coupon = (c: Partial<TotalsCoupon>): TotalsCoupon =>
  ({ code: "C", type: "percent", amount: 10, minSubtotal: 0, startsAt: null, endsAt: null, usageLimit: null, timesUsed: 0, ...c });
const totals = (i: Partial<TotalsInput>) => computeTotals({ lines: [], coupon: null, taxRateBp: null, shipping: null, now, ...i });

describe("computeTotals", () => {
  it("an empty cart is all zeros, even with a shipping method chosen", () => {
    const t = totals({ shipping: { type: "flat", price: 4999, threshold: null }, taxRateBp: 725 });
    expect([t.subtotal, t.discount, t.fee, t.shipping, t.tax, t.grandTotal, t.qty]).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("adds lines by qty and fees per unit by title", () => {
    const t = totals({ lines: [
      line({ itemId: 1, unitPrice: 1999, qty: 3, fees: [{ title: "Recycling Fee", amount: 500 }] }),
      line({ itemId: 2, unitPrice: 100, qty: 2, fees: [{ title: "Recycling Fee", amount: 1000 }] }),
    ] });
    expect(t.subtotal).toBe(6197);
    expect(t.fees).toEqual([{ title: "Recycling Fee", amount: 3500 }]);
    expect(t.grandTotal).toBe(6197 + 3500);
    expect(t.qty).toBe(5);
  });

  it("instant savings per unit, never more than the unit price, only while the programme runs", () => {
    const t = totals({ lines: [
      line({ itemId: 1, unitPrice: 5000, qty: 2, programs: [program({ kind: "instant", amount: 1000 })] }),
      line({ itemId: 2, unitPrice: 500, programs: [program({ kind: "instant", amount: 1000 })] }),
      line({ itemId: 3, unitPrice: 500, programs: [program({ kind: "instant", amount: 100, end: new Date("2025-06-01T00:00:00Z") })] }),
    ] });
    expect(t.instantSavings).toBe(2000 + 500);
    expect(t.discount).toBe(2500);
    expect(t.grandTotal).toBe(11_000 - 2500);
  });

  it("consumer rebates are mail-in: reported, never taken off the total", () => {
    const t = totals({ lines: [line({ unitPrice: 10_000, qty: 2, programs: [program({ kind: "rebate", amount: 1500 })] })] });
    expect(t.consumerRebate).toBe(3000);
    expect(t.discount).toBe(0);
    expect(t.grandTotal).toBe(20_000);
  });

  it("buy-more-save-more needs two units: instant is taken off once, mail-in is reported", () => {
    const instant = program({ kind: "BuyMoreSaveMore", amount: 5000, programId: "B-I" });
    const mailIn = program({ kind: "BuyMoreSaveMore", amount: 7000, programId: "B-M", afterCheckout: true });
    expect(totals({ lines: [line({ unitPrice: 40_000, programs: [instant, mailIn] })] }).bmsm).toEqual([]);
    const t = totals({ lines: [line({ itemId: 1, unitPrice: 40_000, programs: [instant, mailIn] }), line({ itemId: 2, unitPrice: 30_000, programs: [instant, mailIn] })] });
    expect(t.bmsm).toEqual([
      { programId: "B-I", promoName: "BuyMoreSaveMore", mailIn: false, qualifyingQty: 2, savings: 5000 },
      { programId: "B-M", promoName: "BuyMoreSaveMore", mailIn: true, qualifyingQty: 2, savings: 7000 },
    ]);
    expect(t.discount).toBe(5000);
    expect(t.bmsmMailIn).toBe(7000);
    expect(t.grandTotal).toBe(65_000);
  });

  it("the coupon comes after instant savings; percent rounds half up", () => {
    const t = totals({ lines: [line({ unitPrice: 10_005, programs: [program({ kind: "instant", amount: 0 })] })], coupon: { code: "C", row: coupon({ amount: 10 }) } });
    expect(t.couponDiscount).toBe(1001); // 1000.5 → 1001
    const after = totals({ lines: [line({ unitPrice: 10_000, programs: [program({ kind: "instant", amount: 2000 })] })], coupon: { code: "C", row: coupon({ amount: 10 }) } });
    expect(after.couponDiscount).toBe(800);
    expect(after.discount).toBe(2800);
  });

  it("a fixed coupon never takes the total below zero", () => {
    const t = totals({ lines: [line({ unitPrice: 3000 })], coupon: { code: "C", row: coupon({ type: "fixed", amount: 5000 }) } });
    expect(t.couponDiscount).toBe(3000);
    expect(t.grandTotal).toBe(0);
  });

  it("refuses a coupon outside its window, used up, unknown, or under its minimum subtotal", () => {
    const lines = [line({ unitPrice: 40_000 })];
    const check = (row: TotalsCoupon | null) => totals({ lines, coupon: { code: "C", row } });
    expect(check(coupon({ endsAt: new Date("2025-06-01T00:00:00Z") })).couponProblem).toEqual({ kind: "not_valid" });
    expect(check(coupon({ startsAt: new Date("2025-06-03T00:00:00Z") })).couponProblem).toEqual({ kind: "not_valid" });
    expect(check(coupon({ usageLimit: 5, timesUsed: 5 })).couponProblem).toEqual({ kind: "not_valid" });
    expect(check(coupon({ usageLimit: 5, timesUsed: 4 })).couponProblem).toBeNull();
    expect(check(null).couponProblem).toEqual({ kind: "not_valid" });
    const below = check(coupon({ type: "fixed", amount: 5000, minSubtotal: 50_000 }));
    expect(below.couponProblem).toEqual({ kind: "below_minimum", minimum: 50_000 });
    expect(below.couponDiscount).toBe(0);
    expect(check(coupon({ type: "fixed", amount: 5000, minSubtotal: 40_000 })).couponDiscount).toBe(5000);
  });

  it("tax once on merchandise after discounts, not on fees or shipping, rounded half up", () => {
    const t = totals({
      lines: [line({ unitPrice: 10_001, fees: [{ title: "Recycling Fee", amount: 500 }] })],
      coupon: { code: "C", row: coupon({ type: "fixed", amount: 1 }) },
      shipping: { type: "flat", price: 4999, threshold: null },
      taxRateBp: 725,
    });
    expect(t.tax).toBe(725); // 10000 × 7.25 %
    expect(t.grandTotal).toBe(10_000 + 500 + 4999 + 725);
    expect(totals({ lines: [line({ unitPrice: 1000 })], taxRateBp: 725 }).tax).toBe(73); // 72.5 → 73
    expect(totals({ lines: [line({ unitPrice: 1000 })], taxRateBp: null }).tax).toBe(0);
  });

  it("free-over shipping is free from its threshold and flagged below it", () => {
    const free = { type: "free_over", price: 0, threshold: 49_900 };
    expect(totals({ lines: [line({ unitPrice: 49_900 })], shipping: free })).toMatchObject({ shipping: 0, shippingUnavailable: false });
    expect(totals({ lines: [line({ unitPrice: 49_899 })], shipping: free })).toMatchObject({ shipping: 0, shippingUnavailable: true });
    expect(totals({ lines: [line({ unitPrice: 100 })], shipping: { type: "scheduled", price: 9999, threshold: null } }).shipping).toBe(9999);
  });
});
