import { eq, sql } from "drizzle-orm";
import {
  CART_INVALID_EMAIL, CART_INVALID_TELEPHONE, invalidPostcodeMessage,
  type CartAddress, type CartAddressAnswer, type CartAddressChange,
} from "@store/contract";
import { schema, type Db } from "../db/client";
import type { StoredAddress } from "../db/schema/cart";
import { cutPostcode } from "../locations/stores";
import { DEFAULT_COUNTRY, type ShippingService } from "../inventory/shipping";
import type { MoneyFormat } from "../product/money";

export type AddressType = "shipping" | "billing";
type CartRow = typeof schema.carts.$inferSelect;

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

/**
 * The session's cart, so far its addresses (spec 001 §7 "Addresses") and the estimated shipping
 * they give (spec 002 §4: a shipping estimate for a postcode updates the cart's). An update with
 * validation errors changes nothing and answers the errors (spec 001: accepted when the list is
 * empty). Updates of one cart are serialised by a row lock, so two partial updates never lose
 * each other's fields.
 */
export class CartService {
  constructor(private readonly db: Db, private readonly shipping: ShippingService) {}

  async updateAddress(sessionId: string, type: AddressType, change: CartAddressChange, fmt: MoneyFormat): Promise<CartAddressAnswer> {
    const { same_as_billing: sameAsBilling, ...fields } = change;
    const { cart, errors } = await this.db.transaction(async (tx) => {
      await tx.insert(schema.carts).values({ sessionId }).onConflictDoNothing({ target: schema.carts.sessionId });
      const [row] = await tx.select().from(schema.carts).where(eq(schema.carts.sessionId, sessionId)).for("update");
      const address = merge(type === "shipping" ? row!.shippingAddress : row!.billingAddress, fields);
      const errors = validate(address);
      if (errors.length > 0) return { cart: row!, errors };
      const [updated] = await tx.update(schema.carts).set({
        ...(type === "shipping" ? { shippingAddress: address } : { billingAddress: address }),
        ...(type === "shipping" && sameAsBilling !== undefined ? { sameAsBilling } : {}),
        updatedAt: sql`now()`,
      }).where(eq(schema.carts.cartId, row!.cartId)).returning();
      return { cart: updated!, errors };
    });
    return this.answer(cart, type, errors, fmt);
  }

  /** Forget one address (spec 001 "Clearing"); no cart yet is nothing to clear. */
  async clearAddress(sessionId: string, type: AddressType, fmt: MoneyFormat): Promise<CartAddressAnswer> {
    const [cart] = await this.db.update(schema.carts).set({
      ...(type === "shipping" ? { shippingAddress: {}, sameAsBilling: false } : { billingAddress: {} }),
      updatedAt: sql`now()`,
    }).where(eq(schema.carts.sessionId, sessionId)).returning();
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
}
