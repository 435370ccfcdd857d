import { createHash, randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM module of server.mjs, without types
import { PageCache, encodedBody, encodedOnce, negotiate, pageKey, prepare, storable, tagsOfChange, withoutCampaignParams } from "./cache.mjs";
import { pageTagsFor } from "./tags";

const OLD = "T0xETk9OQ0VPTEROT05DRQ==";
const CSP = `default-src 'self'; script-src 'self' 'nonce-${OLD}'; style-src 'self' 'nonce-${OLD}'; style-src-attr 'unsafe-inline'`;
const html = (text: string) =>
  Buffer.from(`<!DOCTYPE html><html><head><style nonce="${OLD}">b{color:red}</style><script src="/_next/static/chunks/main.js" async="" nonce="${OLD}"></script></head><body>${text}${"<p>filler text</p>".repeat(200)}<script nonce="${OLD}">self.__next_f.push([1,"${text}"])</script></body></html>`);
const answer = (text: string, extra: Partial<{ status: number; headers: Record<string, string | string[]>; tags: string[]; body: Buffer; scripts: string[]; styles: string[] }> = {}) => ({
  status: extra.status ?? 200,
  headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": CSP, ...extra.headers },
  body: extra.body ?? html(text),
  tags: extra.tags ?? ["config", "p7", "c3"],
  scripts: extra.scripts ?? [],
  styles: extra.styles ?? [],
});
const header = (prepared: { headers: [string, string][] }, name: string) =>
  prepared.headers.filter(([n]) => n === name).map(([, value]) => value);

function live(options = {}) {
  const cache = new PageCache(options);
  cache.live = true;
  return cache;
}

describe("a prepared page: the same bytes for everyone, compressed once", () => {
  it("keeps the plain body, and makes a gzip and a brotli copy once each, when first asked for, each decompressing to the page as rendered", async () => {
    const prepared = await prepare(answer("Hello"));
    const page = html("Hello");
    expect(Object.keys(prepared.bodies)).toEqual(["identity"]);
    expect(prepared.bodies.identity.equals(page)).toBe(true);
    const plainBytes = prepared.bytes;
    // two requests at once wait for one copy
    const [br, brAgain] = await Promise.all([encodedBody(prepared, "gzip, deflate, br"), encodedBody(prepared, "br")]);
    expect(br.encoding).toBe("br");
    expect(brAgain.body).toBe(br.body);
    expect(Object.keys(prepared.bodies)).toEqual(["identity", "br"]);
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    expect(br.body.length).toBeLessThan(page.length / 4);
    const gz = await encodedBody(prepared, "gzip");
    expect(gunzipSync(gz.body).equals(page)).toBe(true);
    expect(gz.body.length).toBeLessThan(page.length / 4);
    expect(prepared.bytes).toBe(plainBytes + br.body.length + gz.body.length);
    // serving from then on is picking a kept buffer: nothing is compressed or stamped per request
    expect((await encodedBody(prepared, "gzip, deflate, br")).body).toBe(br.body);
    expect((await encodedBody(prepared, "gzip")).body).toBe(gz.body);
    expect((await encodedBody(prepared, undefined)).body).toBe(prepared.bodies.identity);
  });

  it("compresses a page sent once (a personal page) as Accept-Encoding allows, and a body under 1 KB not at all", async () => {
    const page = html("Hello");
    const br = await encodedOnce(page, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gz = await encodedOnce(page, "br;q=0, gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).equals(page)).toBe(true);
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) expect(await encodedOnce(page, accept)).toEqual({ body: page, encoding: null });
    const small = Buffer.from("<p>Hi</p>");
    expect(await encodedOnce(small, "gzip, br")).toEqual({ body: small, encoding: null });
  });

  it("sends br, else gzip, else the plain body, as Accept-Encoding allows (q-values, q=0 and * honoured)", async () => {
    const prepared = await prepare(answer("Hello"));
    const sent = async (accept: string | undefined) => (await encodedBody(prepared, accept)).encoding;
    expect(await sent("gzip, deflate, br, zstd")).toBe("br");
    expect(await sent("br")).toBe("br");
    expect(await sent("gzip, deflate")).toBe("gzip");
    expect(await sent("br;q=0, gzip")).toBe("gzip");
    expect(await sent("BR;Q=0, GZIP;q=0.5")).toBe("gzip");
    expect(await sent("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(await sent("br;q=0, gzip;q=0")).toBe(null);
    expect(await sent("*")).toBe("br");
    expect(await sent("br;q=0, *")).toBe("gzip");
    expect(await sent("br;q=0, *;q=0")).toBe(null);
    expect(await sent("identity")).toBe(null);
    expect(await sent("deflate")).toBe(null);
    expect(await sent("")).toBe(null);
    expect(await sent(undefined)).toBe(null);
    expect(negotiate("identity;q=0, gzip;q=0.1", ["br", "gzip", "identity"])).toBe("gzip");
    expect(negotiate("*;q=0, identity;q=0.5", ["br", "gzip", "identity"])).toBe("identity");
    // a small page is kept plain only
    const small = await prepare({ ...answer("x"), body: Buffer.from("<p>small</p>") });
    expect(Object.keys(small.bodies)).toEqual(["identity"]);
    expect(await encodedBody(small, "br, gzip")).toEqual({ body: Buffer.from("<p>small</p>"), encoding: null });
    expect(Object.keys(small.bodies)).toEqual(["identity"]);
  });

  it("replaces the nonce in the CSP by the hashes of exactly the inline elements that carried it, and the text the page inserts", async () => {
    const body = Buffer.from([
      `<html><head><style nonce="${OLD}">b{color:red}</style>`,
      `<script src="/_next/static/chunks/main.js" async="" nonce="${OLD}"></script>`,
      `<script nonce="${OLD}">self.__next_f.push([1,"Hello"])</script>`,
      `<script nonce="${OLD}">if(x)\r\n{y()}</script>`,
      `<script type="application/ld+json" nonce="${OLD}">{"@type":"Product"}</script>`,
      // markup injected into the page cannot know the nonce: it gets no hash
      `<script>alert(1)</script><script nonce="c3RvbGVu">alert(2)</script><style>b{}</style>`,
      `</head></html>`,
    ].join(""));
    const prepared = await prepare(answer("", {
      body,
      scripts: ['window.dataLayer.push({ event: "page_view" });', "a();\r\nb();"],
      styles: ["b{color:red}", ".promo{color:blue}"],
    }));
    expect(header(prepared, "content-security-policy")).toEqual([
      "default-src 'self'; " +
        "script-src 'self' 'sha256-YiLrYtnHC/XAnZoinYiMC+zy5pYw+ix3QQ88MO+z3cM=' 'sha256-rPypz8tVidkaajqwGdSbMjzK5BUUMEdiTb/pPJpsjhc=' " +
        "'sha256-oszypopaHNvK+HAyvGao0joGhPj9dBV+5a4o2QhMebY=' 'sha256-GkkofoCWtVa7bC5kRRvGFNdkKxD7K5NvuBTRjvkYI3Y=' 'sha256-wrEMctykYIJXhAyfCKKphjLeSVuUKhNQ4uVZWiS2cTQ='; " +
        "style-src 'self' 'sha256-ypIZpeWh67Lh3q46jpjGW7VCAJpmEqcFe8Dl5B2rXQU=' 'sha256-yiHBveVXcVwygxUFYdmzgd7011A2vzGKLJ7xhhb0TO0='; style-src-attr 'unsafe-inline'",
    ]);
    // the body is sent as rendered: the nonce attributes are left, and no policy names that nonce
    expect(prepared.bodies.identity.equals(body)).toBe(true);
  });

  it("hashes an inline script's text as the UTF-8 it was sent as (characters beyond ASCII)", async () => {
    const body = Buffer.from(`<html><head><script nonce="${OLD}">document.title="Café – ☕"</script></head><body>${"<p>é</p>".repeat(200)}</body></html>`);
    const prepared = await prepare(answer("", { body }));
    expect(header(prepared, "content-security-policy")[0]).toContain("script-src 'self' 'sha256-ufuqYH2EpChnMRa8FBL/Jx/ARZNgTt90T9owoZWwAk0=';");
  });

  it("finds inline elements as a browser does: tags in any case, an element's text up to its own end tag", async () => {
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const body = Buffer.from([
      `<html><head><SCRIPT nonce="${OLD}">a("</scripts>");b("</style>")</Script >`,
      `<Style NONCE="${OLD}">i{}</STYLE>`,
      // not a script element: its text is markup, and the script inside it is one
      `<scripty nonce="${OLD}">c()</scripty><script nonce="${OLD}">d()</script/>`,
      // no end tag: the browser runs nothing, so nothing is allowed
      `</head><body><p>x</p><script nonce="${OLD}">e()`,
    ].join(""));
    const prepared = await prepare(answer("", { body }));
    expect(header(prepared, "content-security-policy")).toEqual([
      `default-src 'self'; script-src 'self' ${sha('a("</scripts>");b("</style>")')} ${sha("d()")}; style-src 'self' ${sha("i{}")}; style-src-attr 'unsafe-inline'`,
    ]);
  });

  it("leaves a policy without a nonce as it is", async () => {
    const prepared = await prepare(answer("x", { headers: { "content-security-policy": "default-src 'self'" } }));
    expect(header(prepared, "content-security-policy")).toEqual(["default-src 'self'"]);
  });

  it("keeps nothing of one transfer (length, encoding, date)", async () => {
    const prepared = await prepare(answer("x", { headers: { "content-length": "5", date: "Mon", "content-encoding": "br", vary: "rsc" } }));
    const names = prepared.headers.map(([name]: [string]) => name);
    expect(names).toEqual(["content-type", "content-security-policy"]);
  });
});

describe("what may be kept", () => {
  it("only a 200 HTML answer that sets no cookie", () => {
    expect(storable(answer("a"))).toBe(true);
    expect(storable(answer("a", { status: 404 }))).toBe(false);
    expect(storable(answer("a", { status: 307 }))).toBe(false);
    expect(storable(answer("a", { headers: { "set-cookie": ["sid=1"] } }))).toBe(false);
    expect(storable({ ...answer("a"), headers: { "content-type": "application/json" } })).toBe(false);
    // rendered through the kiosk gate under a key that does not say what the gate read
    expect(storable({ ...answer("a"), unkeyed: true })).toBe(false);
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
    const size = (await prepare(answer("p0"))).bytes;
    const cache = live({ maxBytes: size * 4.5 });
    for (let i = 0; i < 4; i++) await cache.fetch(`/p${i}`, async () => answer(`p${i}`));
    cache.get("/p0");
    await cache.fetch("/p4", async () => answer("p4"));
    expect([...cache.entries.keys()]).toEqual(["/p2", "/p3", "/p0", "/p4"]);
    expect(cache.bytes).toBeLessThanOrEqual(size * 4.5);
  });

  it("counts every copy of a page against the bound: plain, gzip and brotli, a copy from when it is made", async () => {
    // pages that do not compress: each entry costs about three times its plain size once both copies are asked for
    const noise = () => Buffer.concat([Buffer.from("<!DOCTYPE html><html><body>"), randomBytes(15_000), Buffer.from("</body></html>")]);
    const pages = Array.from({ length: 5 }, () => answer("", { body: noise() }));
    const prepared = await prepare(pages[0]!);
    const gz = (await encodedBody(prepared, "gzip")).body;
    const br = (await encodedBody(prepared, "br")).body;
    const copies = prepared.bodies.identity.length + gz.length + br.length;
    expect(gz.length).toBeGreaterThan(15_000);
    expect(br.length).toBeGreaterThan(15_000);
    expect(prepared.bytes).toBeGreaterThan(copies);
    expect(prepared.bytes).toBeLessThan(copies + 2_048);
    const cache = live({ maxBytes: 190_000 });
    for (const [i, page] of pages.entries()) {
      const { prepared: kept } = await cache.fetch(`/n${i}`, async () => page);
      await encodedBody(kept, "gzip");
      await encodedBody(kept, "br");
    }
    // plain bodies alone (5 × 15 kB) would all fit in 190 kB; with their copies only four do
    expect([...cache.entries.keys()]).toEqual(["/n1", "/n2", "/n3", "/n4"]);
    expect(cache.bytes).toBeGreaterThan(4 * 45_000);
    expect(cache.bytes).toBeLessThanOrEqual(190_000);
    // what is dropped no longer counts, whatever copy is made of it afterwards
    const dropped = (await cache.fetch("/gone", async () => answer("", { body: noise() }))).prepared;
    expect(cache.entries.has("/gone")).toBe(true);
    const plain = dropped.bytes;
    const before = cache.bytes;
    cache.drop("/gone");
    expect(cache.bytes).toBe(before - plain);
    await encodedBody(dropped, "br");
    expect(dropped.bytes).toBeGreaterThan(plain);
    expect(cache.bytes).toBe(before - plain);
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

describe("the key of a document request", () => {
  const base = { host: "shop.example", "x-forwarded-proto": "https" };
  it("in kiosk/iframe mode keeps apart what the gate tells apart: top document, frame by each site, neither", () => {
    const top = pageKey({ ...base, "sec-fetch-dest": "document" }, "/", true);
    const kiosk = pageKey({ ...base, "sec-fetch-dest": "iframe", referer: "https://kiosk.example/frame.html?a=1" }, "/", true);
    const kioskAgain = pageKey({ ...base, "sec-fetch-dest": "iframe", referer: "https://kiosk.example/other" }, "/", true);
    const elsewhere = pageKey({ ...base, "sec-fetch-dest": "iframe", referer: "https://evil.example/" }, "/", true);
    const noReferrer = pageKey({ ...base, "sec-fetch-dest": "iframe", referer: "not a url" }, "/", true);
    const unknown = pageKey(base, "/", true);
    expect(new Set([top, kiosk, elsewhere, noReferrer, unknown]).size).toBe(5);
    // the frame's page is one entry per framing site, whatever page of it framed the store
    expect(kioskAgain).toBe(kiosk);
    // a fetch or a subresource is no page load: the same as a request that says nothing
    expect(pageKey({ ...base, "sec-fetch-dest": "empty" }, "/", true)).toBe(unknown);
  });

  it("is one for every click of a campaign: its parameters (utm_*, click ids) are left out of the address, and nothing else is", () => {
    expect(withoutCampaignParams("/catalog/tvs?utm_source=mail&utm_medium=email&gclid=Cj0KCQ")).toBe("/catalog/tvs");
    expect(withoutCampaignParams("/catalog/tvs?color=black%7Cwhite&UTM_Campaign=Sale&page=2&fbclid=IwAR&srsltid=AfmB")).toBe("/catalog/tvs?color=black%7Cwhite&page=2");
    // a name written escaped is the same name
    expect(withoutCampaignParams("/?utm%5Fsource=tv&msclkid=1&x=1")).toBe("/?x=1");
    // a search's words, a filter, a page and anything unknown stay, as written, in their order
    for (const url of ["/search?q=utm_source", "/search?q=fridge&ref=nav", "/?a=1&&b=%E2", "/?gclid_x=1&my_gclid=2", "/catalog/x?", "/p?%E0=1", "/"]) {
      expect(withoutCampaignParams(url)).toBe(url);
    }
    expect(withoutCampaignParams("/p?%E0=1&gclid=2")).toBe("/p?%E0=1");
  });

  it("otherwise names the scheme, host and address only: one entry whoever asks", () => {
    expect(pageKey({ host: "a.example" }, "/catalog?x=1", false)).toBe("http a.example /catalog?x=1");
    expect(pageKey({ ...base, "sec-fetch-dest": "document" }, "/", false)).toBe(pageKey(base, "/", false));
    expect(pageKey({ ...base, "sec-fetch-dest": "iframe", referer: "https://kiosk.example/" }, "/", false)).toBe(pageKey(base, "/", false));
    expect(pageKey(base, "/", false)).not.toBe(pageKey({ ...base, host: "b.example" }, "/", false));
    expect(pageKey(base, "/", false)).not.toBe(pageKey({ ...base, "x-forwarded-proto": "http" }, "/", false));
  });
});
