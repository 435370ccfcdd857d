import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CartAnswer, SiteConfig } from "@store/contract";
import { schema } from "../db/client";
import { ChangeFeed } from "../db/changes";
import { useTestApp } from "../test/app";
import { F } from "../product/test-fixtures";
import { CartAnswers } from "./answers";
import { CartStamps } from "./stamps";
import { cartShoppers, insertCartFixtures } from "./test-fixtures";

const t = useTestApp(insertCartFixtures);
const { shopper, ok } = cartShoppers(t);
const sessionOf = (cookie: string) => cookie.slice("sid=".length);

describe("cart stamps", () => {
  it("move with every write to the cart or its lines, by anyone, and only then", async () => {
    const stamps = new CartStamps(t.db);
    const s = await shopper();
    const sessionId = sessionOf(s.cookie);
    expect(await stamps.read(sessionId)).toBe(""); // no cart yet
    expect(await stamps.read("no-such-session")).toBe("");
    // what no session id is made of gets no stamp, and fails no one else's read
    const [nul, surrogate, mine] = await Promise.all([stamps.read("a\u0000b"), stamps.read("\ud800"), stamps.read(sessionId)]);
    expect([nul, surrogate, mine]).toEqual([null, null, ""]);
    const added = await ok(s, "POST", "/api/rest/cart/items", { product_id: F.plan });
    const itemId = Number(added.itemList![0]);
    const seen = [await stamps.read(sessionId)];
    expect(seen[0]).not.toBe("");
    expect(await stamps.read(sessionId)).toBe(seen[0]); // nothing written: the same
    const [line] = await t.db.select().from(schema.cartItems).where(eq(schema.cartItems.itemId, itemId));
    const writes = [
      () => t.db.update(schema.cartItems).set({ qty: 2 }).where(eq(schema.cartItems.itemId, itemId)),
      () => t.db.update(schema.carts).set({ couponCode: null }).where(eq(schema.carts.cartId, line!.cartId)), // a write that changes no value
      () => t.db.insert(schema.cartItems).values({ cartId: line!.cartId, productId: F.dishwasher, qty: 1 }),
      () => t.db.delete(schema.cartItems).where(eq(schema.cartItems.itemId, itemId)),
    ];
    for (const write of writes) {
      await write();
      const stamp = await stamps.read(sessionId);
      expect(seen).not.toContain(stamp);
      seen.push(stamp);
    }
  });

  it("reads asked together each get their own session's stamp", async () => {
    const [a, b] = [await shopper(), await shopper()];
    await ok(a, "POST", "/api/rest/cart/items", { product_id: F.plan });
    await ok(b, "POST", "/api/rest/cart/items", { product_id: F.dishwasher });
    const stamps = new CartStamps(t.db);
    const alone = [await stamps.read(sessionOf(a.cookie)), await stamps.read(sessionOf(b.cookie))];
    const together = await Promise.all([stamps.read(sessionOf(a.cookie)), stamps.read(sessionOf(b.cookie)), stamps.read(sessionOf(a.cookie))]);
    expect(together).toEqual([alone[0], alone[1], alone[0]]);
    expect(alone[0]).not.toBe(alone[1]);
  });
});

describe("answers kept against stamps", () => {
  const config = {} as SiteConfig;
  const answer = (n: number) => ({ info: { qty: n } }) as unknown as CartAnswer;

  it("an answer computed while a write landed is not served once the stamp has moved", async () => {
    const feed = new ChangeFeed();
    feed.live = true;
    let stamp = "v1";
    const answers = new CartAnswers(feed);
    let qty = 1;
    const compute = async () => {
      const computed = { answer: answer(qty), validUntil: Infinity, products: [] };
      // a write commits after the rows were read, before the answer is kept
      stamp = "v2";
      qty = 2;
      return computed;
    };
    expect((await answers.read("s1", Promise.resolve(stamp), "all", config, compute)).info.qty).toBe(1);
    const settle = async () => ({ answer: answer(qty), validUntil: Infinity, products: [] });
    expect((await answers.read("s1", Promise.resolve(stamp), "all", config, settle)).info.qty).toBe(2);
    const computed = answers.computed;
    expect((await answers.read("s1", Promise.resolve(stamp), "all", config, settle)).info.qty).toBe(2);
    expect(answers.computed).toBe(computed); // kept now
  });

  it("nothing is served or kept when the stamp cannot be read", async () => {
    const feed = new ChangeFeed();
    feed.live = true;
    const answers = new CartAnswers(feed);
    const compute = async () => ({ answer: answer(1), validUntil: Infinity, products: [] });
    await answers.read("s1", Promise.resolve("v1"), "all", config, compute);
    const before = answers.computed;
    await answers.read("s1", Promise.resolve(null), "all", config, compute);
    await answers.read("s1", Promise.resolve(null), "all", config, compute);
    await answers.read("s2", Promise.resolve(null), "all", config, compute);
    await answers.read("s2", Promise.resolve("v1"), "all", config, compute);
    expect(answers.computed).toBe(before + 4);
    await answers.read("s1", Promise.resolve("v1"), "all", config, compute);
    expect(answers.computed).toBe(before + 4); // the first answer is still kept
  });

  it("with a server, the stamps' read is the request's feed round: settling after it sends nothing more", async () => {
    const feed = new ChangeFeed();
    const pending: Array<{ read: unknown; answer: (rows: unknown[]) => void }> = [];
    Object.assign(feed, {
      ping: (read?: unknown) => new Promise<unknown[]>((answer) => pending.push({ read, answer })),
    });
    feed.live = true;
    const mark = feed.mark();
    const rows = feed.readInRound<{ id: string }>({ name: "n", text: "SELECT 1", values: [] })!;
    let settled: boolean | undefined;
    const settling = feed.settled(mark).then((live) => { settled = live; });
    await Promise.resolve();
    expect(pending.length).toBe(1); // no round of its own
    expect(settled).toBeUndefined(); // not before the read is back
    pending[0]!.answer([{ id: "x" }]);
    expect(await rows).toEqual([{ id: "x" }]);
    await settling;
    expect(settled).toBe(true);
    // a read sent before a mark does not vouch for it
    const later = feed.mark();
    void feed.readInRound({ name: "n", text: "SELECT 1", values: [] });
    const marked = feed.mark();
    void feed.settled(marked);
    await Promise.resolve();
    expect(pending.length).toBe(3);
    expect(pending[2]!.read).toBeUndefined(); // its own SELECT 1
    expect(later).toBeLessThan(marked);
    for (const p of pending) p.answer([]);
  });
});
