import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestApp } from "../test/app";
import { errorOf, newcomer, signUp } from "../test/accounts";

const t = useTestApp();

describe("unexpected failures of account calls", () => {
  it("answer 500 with spec 000 §8's message for that call, while refusals keep their own", async () => {
    const shopper = newcomer(t.app);
    const id = await signUp(shopper, { email: "broken@example.com" });
    const book = `/api/rest/customers/${id}/addresses`;
    const address = { firstname: "A", lastname: "B", street: "1 Main St", city: "Reno", region_id: "37", postcode: "89501", country_id: "US", telephone: "7755550100" };
    const created = (await shopper.send("POST", book, address)).json();
    // a bad input is still a 400 with its own message
    expect((await shopper.send("POST", book, { ...address, postcode: "1" })).json()).toEqual(errorOf("'1' is not a valid postcode."));

    // the database loses the tables these calls need
    await t.db.execute(sql`ALTER TABLE customer_addresses RENAME TO customer_addresses_gone`);
    await t.db.execute(sql`ALTER TABLE password_resets RENAME TO password_resets_gone`);
    try {
      const cases: [Promise<{ statusCode: number; json(): unknown }>, string][] = [
        [shopper.send("POST", book, address), "Sorry, an unknown error occurred creating the address.  Please try again."],
        [shopper.send("PUT", `/api/rest/customers/addresses/${created.entity_id}`, { city: "Sparks" }), "Sorry, an unknown error occurred updating the address.  Please try again."],
        [shopper.send("DELETE", `/api/rest/customers/addresses/${created.entity_id}`), "Sorry, an unknown error was encountered.  Please try deleting address again."],
        [shopper.send("PUT", `/api/rest/customers/${id}`, { firstname: "C" }), "Sorry, an unknown error was encountered.  Please try updating account again."],
        [shopper.send("POST", "/api/rest/customer/resetpassword", { token: "t", password: "p", confirmation: "p" }), "An unknown error occurred while resetting the password, please contact site owner."],
      ];
      for (const [pending, message] of cases) {
        const response = await pending;
        expect(response.statusCode, message).toBe(500);
        expect(response.json()).toEqual(errorOf(message));
      }
      // bad input is still a 400, not an unknown error
      const stranger = await shopper.send("PUT", "/api/rest/customers/addresses/1", { postcode: "x".repeat(30) });
      expect(stranger.statusCode).toBe(400);
    } finally {
      await t.db.execute(sql`ALTER TABLE customer_addresses_gone RENAME TO customer_addresses`);
      await t.db.execute(sql`ALTER TABLE password_resets_gone RENAME TO password_resets`);
    }
    await t.db.execute(sql`ALTER TABLE customers RENAME TO customers_gone`);
    try {
      const other = newcomer(t.app);
      await other.startSession();
      const signUpFailure = await other.send("POST", "/api/rest/customers", { firstname: "D", lastname: "E", email: "d@example.com", password: "granite-pelican-orbit-5" });
      expect(signUpFailure.statusCode).toBe(500);
      expect(signUpFailure.json()).toEqual(errorOf("Sorry, an unknown error was encountered.  Please try creating your account again."));
      const signInFailure = await other.send("POST", "/api/rest/customers/self/session", { login: "broken@example.com", password: "whatever" });
      expect(signInFailure.statusCode).toBe(500);
      expect(signInFailure.json()).toEqual(errorOf("Sorry, an unknown error was encountered.  Please try logging in again."));
      const session = await shopper.get("/api/rest/customers/self/session");
      expect(session.statusCode).toBe(500);
      expect(session.json()).toEqual(errorOf("An error occurred while retrieving your session."));
    } finally {
      await t.db.execute(sql`ALTER TABLE customers_gone RENAME TO customers`);
    }
  });
});
