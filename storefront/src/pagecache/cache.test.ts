import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM module of server.mjs, without types
import { PageCache, prepare, stamp, storable, tagsOfChange } from "./cache.mjs";
import { pageTagsFor } from "./tags";

const OLD = "T0xETk9OQ0VPTEROT05DRQ==";
const html = (text: string) =>
  Buffer.from(`<!DOCTYPE html><html><head><style nonce="${OLD}">b{}</style></head><body>${text}${"<p>filler text</p>".repeat(200)}<script nonce="${OLD}">self.__next_f.push([1,"${text}"])</script></body></html>`);
const answer = (text: string, extra: Partial<{ status: number; headers: Record<string, string | string[]>; tags: string[] }> = {}) => ({
  status: extra.status ?? 200,
  headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": `script-src 'self' 'nonce-${OLD}' 'strict-dynamic'`, ...extra.headers },
  body: html(text),
  tags: extra.tags ?? ["config", "p7", "c3"],
});

function live(options = {}) {
  const cache = new PageCache(options);
  cache.live = true;
  return cache;
}

describe("stamping a fresh nonce into a kept page", () => {
  it("replaces every occurrence in the body and the CSP header, plain and gzip, and the gzip copy is valid", () => {
    const prepared = prepare(answer("Hello"));
    const seen = new Set<string>();
    for (const nonce of ["bm9uY2VPTkUxMjM0NTY3OA==", "c2Vjb25kTk9OQ0UxMjM0NQ=="]) {
      const plain = stamp(prepared, nonce, { gzip: false });
      const zipped = stamp(prepared, nonce, { gzip: true });
      expect(zipped.encoding).toBe("gzip");
      const unzipped = gunzipSync(zipped.body).toString();
      expect(unzipped).toBe(plain.body.toString());
      expect(plain.body.toString()).toBe(html("Hello").toString().replaceAll(OLD, nonce));
      expect(unzipped).not.toContain(OLD);
      expect(unzipped.split(`nonce="${nonce}"`)).toHaveLength(3);
      const csp = Object.fromEntries(zipped.headers)["content-security-policy"];
      expect(csp).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
      expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
      seen.add(csp);
    }
    expect(seen.size).toBe(2);
  });

  it("keeps nothing of one transfer (length, encoding, date)", () => {
    const prepared = prepare(answer("x", { headers: { "content-length": "5", date: "Mon", "content-encoding": "br" } }));
    const names = stamp(prepared, "bm9uY2U=", { gzip: true }).headers.map(([name]: [string]) => name);
    expect(names).not.toContain("content-length");
    expect(names).not.toContain("date");
    expect(names).not.toContain("content-encoding");
  });
});

describe("what may be kept", () => {
  it("only a 200 HTML answer that sets no cookie", () => {
    expect(storable(answer("a"))).toBe(true);
    expect(storable(answer("a", { status: 404 }))).toBe(false);
    expect(storable(answer("a", { status: 307 }))).toBe(false);
    expect(storable(answer("a", { headers: { "set-cookie": ["sid=1"] } }))).toBe(false);
    expect(storable({ ...answer("a"), headers: { "content-type": "application/json" } })).toBe(false);
  });
});

describe("PageCache", () => {
  it("renders once per URL for concurrent misses and answers later requests from memory", async () => {
    const cache = live();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer("one");
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.fetch("/p", render)));
    expect(renders).toBe(1);
    expect(answers.every((a: { hit: boolean }) => !a.hit)).toBe(true);
    expect((await cache.fetch("/p", render)).hit).toBe(true);
    expect(renders).toBe(1);
  });

  it("a change drops exactly the pages built from it", async () => {
    const cache = live();
    await cache.fetch("/product-7", async () => answer("7", { tags: ["config", "catalog", "p7"] }));
    await cache.fetch("/product-8", async () => answer("8", { tags: ["config", "catalog", "p8"] }));
    await cache.fetch("/category-3", async () => answer("c3", { tags: ["config", "catalog", "c3"] }));
    await cache.fetch("/search", async () => answer("s", { tags: ["config", "catalog", "products"] }));
    await cache.fetch("/about", async () => answer("a", { tags: ["config", "cms"] }));
    cache.change(["p7", "c3"]);
    expect([...cache.entries.keys()].sort()).toEqual(["/about", "/product-8"]);
    cache.change(["cms"]);
    expect([...cache.entries.keys()]).toEqual(["/product-8"]);
    cache.change(["config"]);
    expect(cache.entries.size).toBe(0);
  });

  it("a render that began before a change is not kept", async () => {
    const cache = live();
    const first = await cache.fetch("/p", async () => {
      cache.change(["p7"]); // arrives while rendering
      return answer("old", { tags: ["p7"] });
    });
    expect(first.hit).toBe(false);
    expect(cache.get("/p")).toBeUndefined();
    // a change to data the render did not read does not stop it being kept
    await cache.fetch("/p", async () => {
      cache.change(["p8"]);
      return answer("new", { tags: ["p7"] });
    });
    expect(cache.get("/p")).toBeDefined();
  });

  it("a render that read unknown data is dropped by any change; `*` drops everything", async () => {
    const cache = live();
    await cache.fetch("/u", async () => answer("u", { tags: ["any"] }));
    await cache.fetch("/c", async () => answer("c", { tags: ["cms"] }));
    cache.change(["menus"]);
    expect([...cache.entries.keys()]).toEqual(["/c"]);
    cache.change(["*"]);
    expect(cache.entries.size).toBe(0);
  });

  it("keeps nothing while the change log is not followed, nor a page that cannot be shared", async () => {
    const cache = new PageCache();
    await cache.fetch("/p", async () => answer("p"));
    expect(cache.entries.size).toBe(0);
    cache.live = true;
    await cache.fetch("/404", async () => answer("p", { status: 404 }));
    await cache.fetch("/cookie", async () => answer("p", { headers: { "set-cookie": ["a=b"] } }));
    expect(cache.entries.size).toBe(0);
  });

  it("expires pages at their maximum age (time-bound content)", async () => {
    let now = 1_000;
    const cache = live({ maxAgeMs: 5_000, now: () => now });
    await cache.fetch("/p", async () => answer("p"));
    now += 4_999;
    expect(cache.get("/p")).toBeDefined();
    now += 1;
    expect(cache.get("/p")).toBeUndefined();
  });

  it("is bounded in bytes, least recently used first", async () => {
    const size = prepare(answer("p0")).bytes;
    const cache = live({ maxBytes: size * 4.5 });
    for (let i = 0; i < 4; i++) await cache.fetch(`/p${i}`, async () => answer(`p${i}`));
    cache.get("/p0");
    await cache.fetch("/p4", async () => answer("p4"));
    expect([...cache.entries.keys()]).toEqual(["/p2", "/p3", "/p0", "/p4"]);
    expect(cache.bytes).toBeLessThanOrEqual(size * 4.5);
  });

  it("gives in-process data caches a generation that moves with their tags only", () => {
    const cache = live();
    const config = cache.generation(["config"]);
    const menus = cache.generation(["menus"]);
    cache.change(["config"]);
    expect(cache.generation(["config"])).not.toBe(config);
    expect(cache.generation(["menus"])).toBe(menus);
    cache.live = false;
    expect(cache.generation(["menus"])).toBeNull();
  });
});

describe("tags", () => {
  it("a product or listing change also moves the product listings; every change moves `any`", () => {
    expect(tagsOfChange("p12")).toEqual(["p12", "products", "any"]);
    expect(tagsOfChange("config")).toEqual(["config", "any"]);
  });

  it("api answers are tagged by what they hold", () => {
    expect(pageTagsFor("/config")).toEqual(["config"]);
    expect(pageTagsFor("/blocks/footer")).toEqual(["cms"]);
    expect(pageTagsFor("/products/fl-dw?embed=x", { entity_id: "120" })).toEqual(["catalog", "p120"]);
    expect(pageTagsFor("/categories/appliances?embed=products", { entity_id: "10" })).toEqual(["catalog", "c10"]);
    expect(pageTagsFor("/search?q=x")).toEqual(["catalog", "products"]);
    expect(pageTagsFor("/personal/products?sku=A", { products: [{ entity_id: "5" }, { entity_id: "9" }] })).toEqual(["catalog", "p5", "p9"]);
    expect(pageTagsFor("/something-new")).toEqual(["any"]);
  });
});
