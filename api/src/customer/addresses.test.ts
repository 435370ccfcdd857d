import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestApp } from "../test/app";
import { errorOf, newcomer, signUp } from "../test/accounts";

const t = useTestApp();

let n = 0;
async function customer() {
  const shopper = newcomer(t.app);
  const id = await signUp(shopper, { email: `book${n++}@example.com` });
  return { shopper, id, book: `/api/rest/customers/${id}/addresses` };
}
const home = {
  firstname: "Ann", lastname: "Lee", street: ["1 Main St", "Apt 4"], city: "San Francisco", region_id: "9",
  postcode: "94107", country_id: "US", telephone: "(415) 555-0100",
};

describe("GET /cart/region", () => {
  it("lists US states and Canadian provinces with ids, codes and names, cacheable", async () => {
    const response = await t.app.inject({ url: "/api/rest/cart/region" });
    expect(response.statusCode).toBe(200);
    const regions = response.json() as { region_id: string; country_id: string; code: string; name: string }[];
    expect(regions).toContainEqual({ region_id: "9", country_id: "US", code: "CA", name: "California" });
    expect(regions).toContainEqual({ region_id: "109", country_id: "CA", code: "ON", name: "Ontario" });
    expect(regions.filter((r) => r.country_id === "US")).toHaveLength(59);
    expect(regions.filter((r) => r.country_id === "CA")).toHaveLength(13);
    expect(new Set(regions.map((r) => r.region_id)).size).toBe(regions.length);
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=3600/);
  });
});

describe("address book", () => {
  it("creates, lists, changes and deletes the customer's addresses", async () => {
    const { shopper, id, book } = await customer();
    expect((await shopper.get(book)).json()).toEqual([]);
    const created = await shopper.send("POST", book, { ...home, street: " 1 Main St ", middlename: "Q", company: "Acme", fax: "", prefix: "Dr" });
    expect(created.statusCode).toBe(201);
    const address = created.json();
    expect(address).toEqual({
      entity_id: expect.stringMatching(/^\d+$/), customer_id: id, firstname: "Ann", lastname: "Lee", middlename: "Q", prefix: "Dr", suffix: "",
      company: "Acme", street: ["1 Main St"], city: "San Francisco", region: "California", region_id: "9", postcode: "94107",
      country_id: "US", telephone: "(415) 555-0100", fax: "", is_default_billing: false, is_default_shipping: false,
    });
    const listed = await shopper.get(book);
    expect(listed.headers["cache-control"]).toBe("no-store");
    expect(listed.json()).toEqual([address]);

    const changed = await shopper.send("PUT", `/api/rest/customers/addresses/${address.entity_id}`, { city: "Oakland", postcode: "94607-1234", region: "ca" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...address, city: "Oakland", postcode: "94607", region: "California", region_id: "9" });

    const deleted = await shopper.send("DELETE", `/api/rest/customers/addresses/${address.entity_id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual([]);
    expect((await shopper.get(book)).json()).toEqual([]);
    const gone = await shopper.send("DELETE", `/api/rest/customers/addresses/${address.entity_id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(errorOf("There is no such address in your address book."));
  });

  it("keeps one default billing and one default shipping address, shown on the customer", async () => {
    const { shopper, id, book } = await customer();
    const first = (await shopper.send("POST", book, { ...home, default_billing: true, default_shipping: true })).json();
    expect(first).toMatchObject({ is_default_billing: true, is_default_shipping: true });
    const second = (await shopper.send("POST", book, { ...home, street: "2 Oak Ave", is_default_billing: "1" })).json();
    expect(second).toMatchObject({ is_default_billing: true, is_default_shipping: false });
    let list = (await shopper.get(book)).json();
    expect(list.map((a: { is_default_billing: boolean; is_default_shipping: boolean }) => [a.is_default_billing, a.is_default_shipping])).toEqual([[false, true], [true, false]]);
    expect((await shopper.get(`/api/rest/customers/${id}`)).json()).toMatchObject({ default_billing: second.entity_id, default_shipping: first.entity_id });

    await shopper.send("PUT", `/api/rest/customers/addresses/${second.entity_id}`, { default_shipping: true });
    list = (await shopper.get(book)).json();
    expect(list.map((a: { is_default_billing: boolean; is_default_shipping: boolean }) => [a.is_default_billing, a.is_default_shipping])).toEqual([[false, false], [true, true]]);
    // deleting the default takes its flags with it
    await shopper.send("DELETE", `/api/rest/customers/addresses/${second.entity_id}`);
    expect((await shopper.get(`/api/rest/customers/${id}`)).json()).toMatchObject({ default_billing: null, default_shipping: null });

    // many defaults at once still leave one
    await Promise.all(Array.from({ length: 4 }, (_, i) => shopper.send("POST", book, { ...home, street: `${i} Pine St`, default_billing: true })));
    list = (await shopper.get(book)).json();
    expect(list.filter((a: { is_default_billing: boolean }) => a.is_default_billing)).toHaveLength(1);
  });

  it("applies the North American rules: postcode cut at the dash, Canadian A1A 1A1, a listed region, a 10-digit phone", async () => {
    const { shopper, book } = await customer();
    const ok = await shopper.send("POST", book, { ...home, postcode: "94107-2233" });
    expect(ok.json().postcode).toBe("94107");
    const canada = await shopper.send("POST", book, {
      ...home, country_id: "ca", region_id: undefined, region: "Ontario", postcode: "k1a0b1", telephone: "+1 613-555-0199",
    });
    expect(canada.statusCode).toBe(201);
    expect(canada.json()).toMatchObject({ country_id: "CA", region: "Ontario", region_id: "109", postcode: "K1A 0B1" });
    const abroad = await shopper.send("POST", book, { ...home, country_id: "GB", region_id: undefined, region: "Greater London", postcode: "SW1A 1AA", telephone: "+44 20 7946 0000" });
    expect(abroad.statusCode).toBe(201);
    expect(abroad.json()).toMatchObject({ country_id: "GB", region: "Greater London", region_id: "", postcode: "SW1A 1AA" });

    const refusals: [Record<string, unknown>, string][] = [
      [{ ...home, postcode: "9410" }, "'9410' is not a valid postcode."],
      [{ ...home, postcode: "ABCDE" }, "'ABCDE' is not a valid postcode."],
      [{ ...home, country_id: "CA", region_id: "109", postcode: "12345" }, "'12345' is not a valid postcode."],
      [{ ...home, region_id: "109" }, "Please choose a state or province from the list."],
      [{ ...home, region_id: undefined, region: "Narnia" }, "Please choose a state or province from the list."],
      [{ ...home, region_id: undefined }, "Please choose a state or province from the list."],
      [{ ...home, telephone: "(115) 555-0100" }, "Please enter a valid phone number."],
      [{ ...home, telephone: "415 155 0100" }, "Please enter a valid phone number."],
      [{ ...home, telephone: "555-0100" }, "Please enter a valid phone number."],
      [{ ...home, telephone: "415x555x0100" }, "Please enter a valid phone number."],
    ];
    for (const [payload, message] of refusals) {
      const response = await shopper.send("POST", book, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual(errorOf(message));
    }
    const address = ok.json();
    const badChange = await shopper.send("PUT", `/api/rest/customers/addresses/${address.entity_id}`, { country_id: "CA" });
    expect(badChange.json()).toEqual(errorOf("Please choose a state or province from the list."));
  });

  it("answers bad input with a 400 in the error shape", async () => {
    const { shopper, book } = await customer();
    const created = (await shopper.send("POST", book, home)).json();
    const cases: Record<string, unknown>[] = [
      {}, { ...home, firstname: "" }, { ...home, street: [] }, { ...home, street: ["a", "b", "c", "d"] }, { ...home, city: " " },
      { ...home, country_id: "USA" }, { ...home, postcode: "" }, { ...home, telephone: "" }, { ...home, company: "x\u0000" },
      { ...home, default_billing: "maybe" }, { ...home, street: 5 },
    ];
    for (const payload of cases) {
      const response = await shopper.send("POST", book, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().messages.error).toHaveLength(1);
    }
    for (const payload of [{ firstname: "" }, { street: [] }, { city: 7 }]) {
      const response = await shopper.send("PUT", `/api/rest/customers/addresses/${created.entity_id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const bad of ["x", "0x1", "-3"]) {
      expect((await shopper.send("PUT", `/api/rest/customers/addresses/${bad}`, { city: "Oakland" })).statusCode).toBe(400);
      expect((await shopper.send("DELETE", `/api/rest/customers/addresses/${bad}`)).statusCode).toBe(400);
    }
  });

  it("lets no one else read or change an address book: 403 for another's customer id, 404 for another's address, 401 for guests", async () => {
    const owner = await customer();
    const stranger = await customer();
    const address = (await owner.shopper.send("POST", owner.book, home)).json();

    const read = await stranger.shopper.get(owner.book);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual(errorOf("You can only see and change your own account."));
    const add = await stranger.shopper.send("POST", owner.book, home);
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual(errorOf("You can only see and change your own account."));
    const change = await stranger.shopper.send("PUT", `/api/rest/customers/addresses/${address.entity_id}`, { city: "Elsewhere" });
    expect(change.statusCode).toBe(404);
    expect(change.json()).toEqual(errorOf("There is no such address in your address book."));
    const remove = await stranger.shopper.send("DELETE", `/api/rest/customers/addresses/${address.entity_id}`);
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual(errorOf("There is no such address in your address book."));

    const guest = newcomer(t.app);
    await guest.startSession();
    for (const response of [
      await guest.get(owner.book),
      await guest.send("POST", owner.book, home),
      await guest.send("PUT", `/api/rest/customers/addresses/${address.entity_id}`, { city: "Elsewhere" }),
      await guest.send("DELETE", `/api/rest/customers/addresses/${address.entity_id}`),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(errorOf("Please sign in to continue."));
    }
    // the owner's address is untouched
    expect((await owner.shopper.get(owner.book)).json()).toEqual([address]);
    // no CSRF token, no change
    expect((await owner.shopper.send("DELETE", `/api/rest/customers/addresses/${address.entity_id}`, undefined, { csrf: false })).statusCode).toBe(403);
  });

  it("keeps at most 50 addresses per customer", async () => {
    const { shopper, id, book } = await customer();
    await t.db.execute(sql`
      INSERT INTO customer_addresses (customer_id, firstname, lastname, street, city, postcode, country_id, telephone)
      SELECT ${Number(id)}, 'A', 'B', ARRAY['1 St'], 'C', '94107', 'US', '4155550100'
      FROM generate_series(1, 50)`);
    const response = await shopper.send("POST", book, home);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorOf("Your address book is full. Please delete an address before adding another."));
  });
});
