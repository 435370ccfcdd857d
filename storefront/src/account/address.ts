import type { CustomerAddress } from "@store/contract";

/** Spec 000 §5: a postcode with a dash at the 6th character is cut to the part before the dash (94103-1234 → 94103). */
export function cutAddressPostcode(postcode: string): string {
  const text = postcode.trim();
  return text.charAt(5) === "-" ? text.slice(0, 5) : text;
}

/** The digits of a North American number as typed, without the leading country code 1; at most 10. */
const nationalDigits = (input: string) => input.replace(/\D/g, "").replace(/^1/, "").slice(0, 10);

/**
 * Spec 000 §5 phone input mask, North American: (AAA) EEE-NNNN, filled in as the shopper types.
 * A leading 1 is dropped; anything but digits is ignored.
 */
export function maskPhone(input: string): string {
  const d = nationalDigits(input);
  if (d.length === 0) return "";
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Ten digits, area and exchange codes starting 2-9. */
export function validNorthAmericanPhone(input: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(nationalDigits(input)) && input.replace(/\D/g, "").replace(/^1/, "").length === 10;
}

/** Lines of an address card. */
export function addressLines(a: CustomerAddress): string[] {
  return [
    [a.firstname, a.lastname].filter(Boolean).join(" "),
    a.company,
    ...a.street,
    `${a.city}, ${[a.region, a.postcode].filter(Boolean).join(" ")}`,
    a.country_id === "US" ? "United States" : a.country_id === "CA" ? "Canada" : a.country_id,
    a.telephone,
  ].filter(Boolean);
}
