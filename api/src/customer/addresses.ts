import { and, asc, count, eq } from "drizzle-orm";
import { CART_INVALID_TELEPHONE, invalidPostcodeMessage, type CustomerAddress } from "@store/contract";
import { schema, type Db } from "../db/client";
import { HttpError, badRequest, notFound } from "../http/errors";
import { cutPostcode } from "../locations/stores";
import { REGION_COUNTRIES, findRegion } from "./regions";
import { SIGN_IN_REQUIRED } from "./account";

export const ADDRESS_NOT_FOUND = "There is no such address in your address book.";
export const REGION_REQUIRED = "Please choose a state or province from the list.";
export const ADDRESS_BOOK_FULL = "Your address book is full. Please delete an address before adding another.";
/** Addresses one customer may keep. */
export const MAX_ADDRESSES = 50;

const { customerAddresses } = schema;
type Row = typeof customerAddresses.$inferSelect;

/** The address fields as the contract parses them (an update may leave any out). */
export interface AddressInput {
  firstname?: string; lastname?: string; middlename?: string; prefix?: string; suffix?: string; company?: string;
  street?: string[]; city?: string; region?: string; region_id?: string; postcode?: string; country_id?: string;
  telephone?: string; fax?: string;
  default_billing?: boolean; default_shipping?: boolean; is_default_billing?: boolean; is_default_shipping?: boolean;
}

const CANADIAN_POSTCODE = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/;
/** North American numbers (spec 000 §5 phone mask): 10 digits after an optional leading 1, area and exchange codes starting 2-9. */
const NORTH_AMERICAN_PHONE = /^1?([2-9]\d{2}[2-9]\d{6})$/;

function toAnswer(row: Row): CustomerAddress {
  return {
    entity_id: String(row.entityId),
    customer_id: String(row.customerId),
    firstname: row.firstname, lastname: row.lastname, middlename: row.middlename, prefix: row.prefix, suffix: row.suffix,
    company: row.company, street: row.street, city: row.city, region: row.region, region_id: row.regionId,
    postcode: row.postcode, country_id: row.countryId, telephone: row.telephone, fax: row.fax,
    is_default_billing: row.defaultBilling, is_default_shipping: row.defaultShipping,
  };
}

/**
 * Checks and normalises a whole address: in the US and Canada the region must be one of the
 * region options, the postcode follows spec 000 §5 (cut at a dash, then 5 digits or A1A 1A1) and
 * the phone is a North American number.
 */
function normalise(a: Required<Pick<AddressInput, "postcode" | "country_id" | "telephone">> & AddressInput) {
  let postcode = cutPostcode(a.postcode, a.country_id);
  let region = a.region ?? "";
  let regionId = a.region_id ?? "";
  if (REGION_COUNTRIES.has(a.country_id)) {
    if (a.country_id === "CA") {
      const parts = postcode === null ? null : CANADIAN_POSTCODE.exec(postcode);
      postcode = parts ? `${parts[1]} ${parts[2]}` : null;
    }
    const found = findRegion(a.country_id, a.region_id || undefined, a.region);
    if (!found) throw badRequest(REGION_REQUIRED);
    region = found.name;
    regionId = found.region_id;
    if (!NORTH_AMERICAN_PHONE.test(a.telephone.replace(/[\s().+-]/g, "")) || /[^\d\s().+-]/.test(a.telephone)) throw badRequest(CART_INVALID_TELEPHONE);
  } else {
    const digits = a.telephone.replace(/\D/g, "").length;
    if (!/^\+?[\d\s().-]+$/.test(a.telephone) || digits < 7 || digits > 15) throw badRequest(CART_INVALID_TELEPHONE);
  }
  if (postcode === null) throw badRequest(invalidPostcodeMessage(a.postcode.trim().slice(0, 20)));
  return { postcode, region, regionId };
}

/** A customer's address book; every call is scoped to the signed-in customer. */
export class AddressService {
  constructor(private readonly db: Db) {}

  async list(customerId: number): Promise<CustomerAddress[]> {
    const rows = await this.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)).orderBy(asc(customerAddresses.entityId));
    return rows.map(toAnswer);
  }

  async create(customerId: number, input: AddressInput & Required<Pick<AddressInput, "firstname" | "lastname" | "street" | "city" | "postcode" | "country_id" | "telephone">>): Promise<CustomerAddress> {
    const { postcode, region, regionId } = normalise(input);
    const billing = input.default_billing ?? input.is_default_billing ?? false;
    const shipping = input.default_shipping ?? input.is_default_shipping ?? false;
    const row = await this.db.transaction(async (tx) => {
      await this.lockCustomer(tx, customerId);
      const [kept] = await tx.select({ n: count() }).from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
      if (Number(kept?.n ?? 0) >= MAX_ADDRESSES) throw badRequest(ADDRESS_BOOK_FULL);
      await this.clearDefaults(tx, customerId, billing, shipping);
      const [inserted] = await tx.insert(customerAddresses).values({
        customerId,
        firstname: input.firstname, lastname: input.lastname, middlename: input.middlename ?? "", prefix: input.prefix ?? "",
        suffix: input.suffix ?? "", company: input.company ?? "", street: input.street, city: input.city, region, regionId,
        postcode, countryId: input.country_id, telephone: input.telephone, fax: input.fax ?? "",
        defaultBilling: billing, defaultShipping: shipping,
      }).returning();
      return inserted!;
    });
    return toAnswer(row);
  }

  /** Changes the given fields; another customer's address is "not found", like a missing one. */
  async update(customerId: number, addressId: number, input: AddressInput): Promise<CustomerAddress> {
    const row = await this.db.transaction(async (tx) => {
      await this.lockCustomer(tx, customerId);
      const [old] = await tx.select().from(customerAddresses)
        .where(and(eq(customerAddresses.entityId, addressId), eq(customerAddresses.customerId, customerId)));
      if (!old) throw notFound(ADDRESS_NOT_FOUND);
      const countryChanges = input.country_id !== undefined && input.country_id !== old.countryId;
      const merged = {
        postcode: input.postcode ?? old.postcode,
        country_id: input.country_id ?? old.countryId,
        telephone: input.telephone ?? old.telephone,
        // a new region, or a new country, replaces both region fields
        ...(input.region !== undefined || input.region_id !== undefined || countryChanges
          ? { region: input.region, region_id: input.region_id }
          : { region: old.region, region_id: old.regionId }),
      };
      const { postcode, region, regionId } = normalise(merged);
      const billing = input.default_billing ?? input.is_default_billing;
      const shipping = input.default_shipping ?? input.is_default_shipping;
      await this.clearDefaults(tx, customerId, billing === true, shipping === true);
      const [updated] = await tx.update(customerAddresses).set({
        firstname: input.firstname, lastname: input.lastname, middlename: input.middlename, prefix: input.prefix,
        suffix: input.suffix, company: input.company, street: input.street, city: input.city,
        region, regionId, postcode, countryId: merged.country_id, telephone: merged.telephone, fax: input.fax,
        defaultBilling: billing, defaultShipping: shipping, updatedAt: new Date(),
      }).where(eq(customerAddresses.entityId, addressId)).returning();
      return updated!;
    });
    return toAnswer(row);
  }

  /** Deletes the address (its default flags go with it) and answers the addresses left. */
  async delete(customerId: number, addressId: number): Promise<CustomerAddress[]> {
    const deleted = await this.db.delete(customerAddresses)
      .where(and(eq(customerAddresses.entityId, addressId), eq(customerAddresses.customerId, customerId)))
      .returning({ id: customerAddresses.entityId });
    if (deleted.length === 0) throw notFound(ADDRESS_NOT_FOUND);
    return this.list(customerId);
  }

  /** One address-book change per customer at a time, so the single default of each kind holds. */
  private async lockCustomer(tx: Pick<Db, "select">, customerId: number) {
    const [found] = await tx.select({ id: schema.customers.entityId }).from(schema.customers).where(eq(schema.customers.entityId, customerId)).for("update");
    if (!found) throw new HttpError(401, SIGN_IN_REQUIRED);
  }

  private async clearDefaults(tx: Pick<Db, "update">, customerId: number, billing: boolean, shipping: boolean) {
    if (billing) await tx.update(customerAddresses).set({ defaultBilling: false }).where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.defaultBilling, true)));
    if (shipping) await tx.update(customerAddresses).set({ defaultShipping: false }).where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.defaultShipping, true)));
  }
}
