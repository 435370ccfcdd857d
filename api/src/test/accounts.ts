import { expect } from "vitest";
import { Shopper, type TestApp } from "./app";

let next = 0;
/** A shopper calling from an address no earlier one in this process used (per-address limits stay out of the way). */
export function newcomer(app: TestApp): Shopper {
  const n = next++;
  return new Shopper(app, { remoteAddress: `203.0.${113 - (n >> 8)}.${n & 255}` });
}

export const STRONG_PASSWORD = "velvet-harbor-quince-42";

/** Signs a new customer up through POST /customers; the shopper is then signed in. Returns the customer id. */
export async function signUp(shopper: Shopper, fields: { email: string; firstname?: string; lastname?: string; password?: string }): Promise<string> {
  if (!shopper.csrf) await shopper.startSession();
  const response = await shopper.send("POST", "/api/rest/customers", {
    firstname: "Test", lastname: "Shopper", password: STRONG_PASSWORD, ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  const user = response.json();
  shopper.csrf = user.customer_data.csrf_token;
  return user.customer_id as string;
}

export const errorOf = (message: string) => ({ messages: { error: [{ message }] } });
