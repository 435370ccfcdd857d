/**
 * Phone helpers for the header link and the accessibility contact note (spec 000 §5): the note's
 * phone must be a 10-digit number (optional plus, brackets, separators, 4 to 6 trailing digits);
 * a leading 1 (the North American country code) is stripped first.
 */
export const ACCESSIBILITY_PHONE_PATTERN = /^[+]?[(]?[0-9]{3}[)]?[-\s.]?[0-9]{3}[-\s.]?[0-9]{4,6}$/;

/** The phone as the accessibility note shows it, or null when the note must be omitted. */
export function accessibilityPhone(phone: string | null | undefined): string | null {
  const trimmed = (phone ?? "").trim();
  if (!trimmed) return null;
  const local = trimmed.replace(/^\+?1(?=[-\s.]?[(]?\d{3}[)]?[-\s.]?\d{3}[-\s.]?\d{4}$)[-\s.]?/, "");
  return ACCESSIBILITY_PHONE_PATTERN.test(local) ? local : null;
}

/** A tel: URI for a displayed phone number ("(800) 555-0199" → "tel:+18005550199"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d]/g, "");
  if (phone.trim().startsWith("+")) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `tel:+${digits}`;
  return `tel:${digits}`;
}
