import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { PageVersions } from "@store/contract";
import { useTestApp } from "../test/app";
import { F, insertProductFixtures } from "../product/test-fixtures";

const t = useTestApp(insertProductFixtures);

async function poll(query: string): Promise<PageVersions> {
  const response = await t.app.inject({ method: "GET", url: `/api/rest/page-versions${query}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json();
}

/** Where the log stands now, with nothing pending. */
async function position(): Promise<PageVersions> {
  const start = await poll("");
  expect(start.changes).toEqual([]);
  return start;
}

/** The keys published after `from`, once a change has arrived (long-poll). */
async function changesAfter(from: PageVersions): Promise<string[]> {
  const answer = await poll(`?after=${from.seq}&epoch=${from.epoch}&wait=5`);
  expect(answer.epoch).toBe(from.epoch);
  return answer.changes;
}

const productPrice = async (id: number) =>
  (await t.app.inject({ method: "GET", url: `/api/rest/products/${id}` })).json().prices.final_price_without_tax as number;
const listingPrice = async (id: number) => {
  const page = (await t.app.inject({ method: "GET", url: "/api/rest/categories/appliances?embed=products&limit=100" })).json();
  return page.products.find((p: { entity_id: string }) => Number(p.entity_id) === id)?.prices.final_price_without_tax as number;
};

describe("GET /page-versions", () => {
  it("starts at a position of a live log, with no changes", async () => {
    const start = await position();
    expect(start.live).toBe(true);
    expect(start.seq).toBeGreaterThanOrEqual(0);
    expect(start.epoch).toMatch(/^[\w-]{8,}$/);
  });

  it("a price change names the product and the listings that hold it, each once, and nothing else", async () => {
    const start = await position();
    await t.db.execute(sql`UPDATE products SET price = 79900, final_price = 79900 WHERE entity_id = ${F.dishwasher}`);
    const changes = await changesAfter(start);
    // the dishwasher, the configurable and bundle that link or bundle it, and its category with its ancestors
    expect([...changes].sort()).toEqual(["c1", "c10", "c2", `p${F.configurable}`, `p${F.dishwasher}`, `p${F.bundle}`].sort());
    expect(new Set(changes).size).toBe(changes.length);
  });

  it("a price change moves each key it names once, with the product answers and the catalogue model caught up", async () => {
    // both caches a price change reaches hold the product: its answer, and the model of its listings
    const before = { product: await productPrice(F.dishwasher), listing: await listingPrice(F.dishwasher) };
    expect(before.product).toBe(before.listing);
    const start = await position();
    await t.db.execute(sql`UPDATE products SET price = 74900, final_price = 74900 WHERE entity_id = ${F.dishwasher}`);
    const first = await poll(`?after=${start.seq}&epoch=${start.epoch}&wait=5`);
    expect([...first.changes].sort()).toEqual(["c1", "c10", "c2", `p${F.configurable}`, `p${F.dishwasher}`, `p${F.bundle}`].sort());
    // one log position per key
    expect(first.seq - start.seq).toBe(6);
    // reading the product and its listing meanwhile (their own version checks run once a second)
    // moves nothing again
    for (let i = 0; i < 4; i++) {
      expect(await productPrice(F.dishwasher)).toBe(749);
      expect(await listingPrice(F.dishwasher)).toBe(749);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const after = await poll(`?after=${first.seq}&epoch=${first.epoch}&wait=2`);
    expect(after.changes).toEqual([]);
    expect(after.seq).toBe(first.seq);
    await t.db.execute(sql`UPDATE products SET price = 79900, final_price = 79900 WHERE entity_id = ${F.dishwasher}`);
    expect(await changesAfter(after)).toContain(`p${F.dishwasher}`);
  });

  it("a price change made in two statements of one transaction moves each key once", async () => {
    const start = await position();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE products SET price = 73900 WHERE entity_id = ${F.dishwasher}`);
      await tx.execute(sql`UPDATE products SET final_price = 73900 WHERE entity_id = ${F.dishwasher}`);
    });
    const first = await poll(`?after=${start.seq}&epoch=${start.epoch}&wait=5`);
    expect([...first.changes].sort()).toEqual(["c1", "c10", "c2", `p${F.configurable}`, `p${F.dishwasher}`, `p${F.bundle}`].sort());
    expect(first.seq - start.seq).toBe(6);
    expect(await productPrice(F.dishwasher)).toBe(739);
    expect(await listingPrice(F.dishwasher)).toBe(739);
    const after = await poll(`?after=${first.seq}&epoch=${first.epoch}&wait=2`);
    expect(after.changes).toEqual([]);
    await t.db.execute(sql`UPDATE products SET price = 79900, final_price = 79900 WHERE entity_id = ${F.dishwasher}`);
    expect(await changesAfter(after)).toContain(`p${F.dishwasher}`);
  });

  it("once a change is published this api answers with it (its own caches caught up first)", async () => {
    expect(await productPrice(F.dishwasher)).toBe(799);
    expect(await listingPrice(F.dishwasher)).toBe(799);
    const start = await position();
    await t.db.execute(sql`UPDATE products SET price = 69900, final_price = 69900 WHERE entity_id = ${F.dishwasher}`);
    expect(await changesAfter(start)).toContain(`p${F.dishwasher}`);
    expect(await productPrice(F.dishwasher)).toBe(699);
    expect(await listingPrice(F.dishwasher)).toBe(699);
  });

  it("a stock change of a child names the child, its configurable parent and their listings", async () => {
    const start = await position();
    await t.db.execute(sql`UPDATE products SET qty = 0 WHERE entity_id = ${F.childSteel}`);
    const changes = await changesAfter(start);
    expect(changes).toEqual(expect.arrayContaining([`p${F.childSteel}`, `p${F.configurable}`, "c11", "c10"]));
    expect(changes).not.toContain("catalog");
  });

  it("a stock count that stays above zero (an order for one of many) names only the product's own page", async () => {
    const start = await position();
    await t.db.execute(sql`UPDATE products SET qty = qty - 1 WHERE entity_id = ${F.dishwasher}`); // 3 → 2
    expect(await changesAfter(start)).toEqual([`p${F.dishwasher}`]);
    // its last units going: the pages that link or bundle it and its listings show that
    const before = await position();
    await t.db.execute(sql`UPDATE products SET qty = 0 WHERE entity_id = ${F.dishwasher}`);
    expect([...await changesAfter(before)].sort()).toEqual(["c1", "c10", "c2", `p${F.configurable}`, `p${F.dishwasher}`, `p${F.bundle}`].sort());
    // back in stock, with a new price in the same statement: everything again
    const again = await position();
    await t.db.execute(sql`UPDATE products SET qty = 3, price = 89900, final_price = 89900 WHERE entity_id = ${F.dishwasher}`);
    expect([...await changesAfter(again)].sort()).toEqual(["c1", "c10", "c2", `p${F.configurable}`, `p${F.dishwasher}`, `p${F.bundle}`].sort());
  });

  it("a child's count that stays above zero names the child and its configurable parent, nothing else", async () => {
    const reset = await position();
    await t.db.execute(sql`UPDATE products SET qty = 5 WHERE entity_id = ${F.childSteel}`);
    expect(await changesAfter(reset)).toContain(`p${F.childSteel}`);
    const start = await position();
    await t.db.execute(sql`UPDATE products SET qty = qty - 1 WHERE entity_id = ${F.childSteel}`); // 5 → 4
    expect([...await changesAfter(start)].sort()).toEqual([`p${F.configurable}`, `p${F.childSteel}`].sort());
    // an open-box item's count names the new product its page belongs to as well
    const outlet = await position();
    await t.db.execute(sql`UPDATE products SET qty = qty + 1 WHERE entity_id = ${F.outlet}`); // 1 → 2
    expect([...await changesAfter(outlet)].sort()).toEqual([`p${F.dishwasher}`, `p${F.outlet}`].sort());
  });

  it("an update that changes nothing publishes nothing", async () => {
    const start = await position();
    await t.db.execute(sql`UPDATE products SET qty = qty WHERE entity_id = ${F.filter}`);
    await t.db.execute(sql`UPDATE store_configs SET config = config`);
    const answer = await poll(`?after=${start.seq}&epoch=${start.epoch}&wait=1`);
    expect(answer.changes).toEqual(["config"]);
  });

  it("configuration, blocks, menus and scripts each move their own key", async () => {
    for (const [statement, key] of [
      [sql`UPDATE store_configs SET config = config || '{"name":"Renamed"}'::jsonb`, "config"],
      [sql`INSERT INTO cms_blocks (identifier, title, content) VALUES ('pv-test', 'T', '<p>x</p>')`, "cms"],
      [sql`DELETE FROM menu_items WHERE false`, "menus"],
      [sql`DELETE FROM scripts WHERE false`, "scripts"],
    ] as const) {
      const start = await position();
      await t.db.execute(statement);
      expect(await changesAfter(start)).toEqual([key]);
    }
  });

  it("a long poll answers as soon as a change is published", async () => {
    const start = await position();
    const began = Date.now();
    const waiting = poll(`?after=${start.seq}&epoch=${start.epoch}&wait=20`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await t.db.execute(sql`UPDATE products SET name = 'Frostline Dishwasher Pro' WHERE entity_id = ${F.dishwasher}`);
    const answer = await waiting;
    expect(answer.changes).toContain(`p${F.dishwasher}`);
    expect(Date.now() - began).toBeLessThan(5_000);
  });

  it("a poller from another epoch, or ahead of the log, is told that anything may have changed", async () => {
    const start = await position();
    expect((await poll(`?after=${start.seq}&epoch=other`)).changes).toEqual(["*"]);
    expect((await poll(`?after=${start.seq + 5}&epoch=${start.epoch}`)).changes).toEqual(["*"]);
  });

  it("refuses a malformed position in the error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/rest/page-versions?after=-1" });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages.error[0].message).toEqual(expect.any(String));
  });
});
