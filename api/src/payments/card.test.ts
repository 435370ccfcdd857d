import { describe, expect, it } from "vitest";
import { cardPublic, checkCard, cvnLength, detectCardType, luhnValid } from "@store/contract";
import { AuthorizeNetProvider } from "./providers/authorizenet";
import { paymentsConfigFromEnv } from "./config";

const now = new Date("2026-06-15T12:00:00Z");
const visa = { cc_type: "VI", cc_number: "4111 1111 1111 1111", cc_cid: "123", cc_exp_month: 12, cc_exp_year: 2030 };

describe("card type detection and Luhn", () => {
  it.each([
    ["4111111111111111", "VI", true],
    ["4111 1111 1111 1111", "VI", true],
    ["4111-1111-1111-1111", "VI", true],
    ["5555555555554444", "MC", true],
    ["2223003122003222", "MC", true],
    ["378282246310005", "AE", true],
    ["371449635398431", "AE", true],
    ["6011111111111117", "DI", true],
    ["3530111333300000", "JCB", true],
    ["30569309025904", "DN", true],
    ["4111111111111112", "VI", false],
    ["5555555555554445", "MC", false],
  ])("%s is %s, Luhn %s", (number, type, luhn) => {
    expect(detectCardType(number)).toBe(type);
    expect(luhnValid(number)).toBe(luhn);
  });

  it("knows no type for nonsense", () => {
    expect(detectCardType("1234")).toBeNull();
    expect(detectCardType("9999999999999995")).toBeNull();
    expect(detectCardType("abcd efgh ijkl mnop")).toBeNull();
  });

  it("wants 4 security digits for AE and 3 for the others", () => {
    expect(cvnLength("AE")).toBe(4);
    for (const type of ["VI", "MC", "DI", "JCB", "DN"]) expect(cvnLength(type)).toBe(3);
  });
});

describe("card checks before saving (spec 001 §5), texts verbatim", () => {
  it("passes good cards of each type", () => {
    expect(checkCard(visa, { now })).toBeNull();
    expect(checkCard({ ...visa, cc_type: "MC", cc_number: "5555 5555 5555 4444" }, { now })).toBeNull();
    expect(checkCard({ ...visa, cc_type: "AE", cc_number: "3782 822463 10005", cc_cid: "1234" }, { now })).toBeNull();
    expect(checkCard({ ...visa, cc_type: "vi" }, { now })).toBeNull();
  });

  it("refuses a type the number does not show", () => {
    expect(checkCard({ ...visa, cc_type: "MC" }, { now })).toBe("Credit card type not accepted");
    expect(checkCard({ ...visa, cc_type: "AE", cc_cid: "1234" }, { now })).toBe("Credit card type not accepted");
    expect(checkCard({ ...visa, cc_number: "1234" }, { now })).toBe("Credit card type not accepted");
  });

  it("refuses a type the gateway does not take", () => {
    expect(checkCard({ ...visa, cc_type: "JCB", cc_number: "3530111333300000" }, { now, accepted: ["VI", "MC"] })).toBe("Credit card type not accepted");
  });

  it("refuses a number that fails the check digit", () => {
    expect(checkCard({ ...visa, cc_number: "4111111111111112" }, { now })).toBe("Credit card type/number mismatch.");
    expect(checkCard({ ...visa, cc_type: "MC", cc_number: "5555555555554445" }, { now })).toBe("Credit card type/number mismatch.");
  });

  it("refuses a security code of the wrong length", () => {
    expect(checkCard({ ...visa, cc_cid: "12" }, { now })).toBe("Invalid CVN length.");
    expect(checkCard({ ...visa, cc_cid: "1234" }, { now })).toBe("Invalid CVN length.");
    expect(checkCard({ ...visa, cc_cid: "12a" }, { now })).toBe("Invalid CVN length.");
    expect(checkCard({ ...visa, cc_type: "AE", cc_number: "378282246310005", cc_cid: "123" }, { now })).toBe("Invalid CVN length.");
  });

  it("refuses an expiry in the past and takes this month", () => {
    expect(checkCard({ ...visa, cc_exp_month: 5, cc_exp_year: 2026 }, { now })).toBe("Incorrect credit card expiration date.");
    expect(checkCard({ ...visa, cc_exp_month: 13, cc_exp_year: 2030 }, { now })).toBe("Incorrect credit card expiration date.");
    expect(checkCard({ ...visa, cc_exp_month: 6, cc_exp_year: 2026 }, { now })).toBeNull();
    expect(checkCard({ ...visa, cc_exp_month: 6, cc_exp_year: 26 }, { now })).toBeNull();
  });

  it("keeps only type, last four and expiry of a card", () => {
    const shown = cardPublic({ ...visa, cc_exp_year: 30 });
    expect(shown).toEqual({ cc_type: "VI", cc_last_four: "1111", cc_exp_month: 12, cc_exp_year: 2030 });
    const provider = new AuthorizeNetProvider(paymentsConfigFromEnv({}).card);
    const stored = JSON.stringify(provider.publicData(visa));
    expect(stored).not.toContain("4111111111111111");
    expect(stored).not.toContain("4111 1111 1111 1111");
    expect(stored).not.toContain("123\"");
  });

  it("the gateway's own validate uses the same checks", () => {
    const provider = new AuthorizeNetProvider(paymentsConfigFromEnv({}).card);
    expect(provider.validate({ ...visa, cc_type: "MC" })).toBe("Credit card type not accepted");
    expect(provider.validate({ ...visa, cc_number: "4111111111111112" })).toBe("Credit card type/number mismatch.");
    expect(provider.validate({ ...visa, cc_cid: "1" })).toBe("Invalid CVN length.");
    expect(provider.validate({ ...visa, cc_type: "UN", cc_number: "6200000000000005" })).toBe("Credit card type not accepted");
  });
});
