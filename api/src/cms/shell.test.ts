import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../db/client";
import { createTestApp, Shopper, type TestApp } from "../test/app";
import { PAGE_NOT_FOUND } from "./service";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  const db = ctx.database.db;
  await db.insert(schema.categories).values([
    { entityId: 1, parentId: null, path: "1", urlKey: "root", name: "Root Catalog", level: 0 },
    { entityId: 2, parentId: 1, path: "1/2", urlKey: "default-category", name: "Default Category", level: 1 },
    { entityId: 3, parentId: 2, path: "1/2/3", urlKey: "appliances", name: "Appliances", level: 2, position: 2 },
    { entityId: 4, parentId: 2, path: "1/2/4", urlKey: "electronics", name: "Electronics", level: 2, position: 1 },
    { entityId: 5, parentId: 2, path: "1/2/5", urlKey: "hidden", name: "Hidden", level: 2, position: 3, includeInMenu: "0" },
  ]);
  await db.insert(schema.menuItems).values([
    { label: "Blog", requestUrl: "/blog", position: 2 },
    { label: "Deals", requestUrl: "/catalog/deals", position: 1 },
  ]);
  await db.insert(schema.cmsBlocks).values([
    { identifier: "footer", title: "Footer", content: '<p>Call us</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>' },
    { identifier: "seo-home-sd", content: '{"@context":"https://schema.org","@type":"Organization"}' },
    { identifier: "retired", content: "<p>old</p>", isActive: false },
  ]);
  await db.insert(schema.cmsPages).values([
    { identifier: "home", title: "Home", content: "<h1>Welcome</h1><img src=x onerror=alert(1)>", metaDescription: "Shop", noIndex: false },
    { identifier: "secret", title: "Secret", content: "s", noIndex: true },
  ]);
  const [parent] = await db.insert(schema.scripts).values({ scriptName: "datalayer", script: "window.dataLayer=[]" }).returning();
  await db.insert(schema.scripts).values({ scriptName: "child", parentId: parent!.scriptId, location: "body" });
});
afterAll(() => ctx.close());

describe("GET /config", () => {
  it("answers the spec's defaults when the store has no row", async () => {
    const response = await app.inject("/api/rest/config");
    expect(response.statusCode).toBe(200);
    const config = response.json();
    expect(config).toMatchObject({
      locale: "en_US",
      timezoneId: "America/Los_Angeles",
      currency_code: "USD",
      catalog_frontend_list_mode: "grid-list",
      min_password_length: 8,
      min_zxcvbn_score: 2,
      kiosk_idle_timer: 300000,
      store_code: "default",
    });
    expect(config.power_reviews.locale).toBe("en_US");
  });

  it("serves what the store's row says, merged over the defaults, without a restart", async () => {
    await app.services.config.update({ name: "Test Retail Co", phone: "(555) 111-2222", power_reviews: { api_key: "k" }, ga4_id: "G-1" });
    const config = (await app.inject("/api/rest/config")).json();
    expect(config.name).toBe("Test Retail Co");
    expect(config.phone).toBe("(555) 111-2222");
    expect(config.power_reviews).toEqual({ api_key: "k", locale: "en_US", merchant_group_id: "", merchant_id: "" });
    expect(config.gtm_id).toBe("G-1"); // analytics tag falls back to the GA id
    expect(config.locale).toBe("en_US");
  });

  it("is public, cacheable briefly, and answers JSON", async () => {
    const response = await app.inject("/api/rest/config");
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=5/);
  });
});

describe("shell content", () => {
  it("lists categories without the root of roots, ids as strings", async () => {
    const list = (await app.inject("/api/rest/categories")).json();
    expect(list.map((c: { entity_id: string }) => c.entity_id)).toEqual(["2", "4", "3", "5"]);
    expect(list.find((c: { url_key: string }) => c.url_key === "hidden").include_in_menu).toBe("0");
    expect(list[1]).toEqual({ entity_id: "4", parent_id: "2", url_key: "electronics", name: "Electronics", level: 2, icon_url: "", include_in_menu: "1", position: "1" });
  });

  it("lists menu items by position", async () => {
    const list = (await app.inject("/api/rest/menus")).json();
    expect(list.map((m: { label: string }) => m.label)).toEqual(["Deals", "Blog"]);
  });

  it("serves blocks sanitised, and a missing or inactive block as an empty block", async () => {
    const footer = (await app.inject("/api/rest/blocks/footer")).json();
    expect(footer.content).toContain("<p>Call us</p>");
    expect(footer.content).not.toContain("<script");
    expect(footer.content).not.toContain("javascript:");
    for (const id of ["no-such-block", "retired"]) {
      const response = await app.inject(`/api/rest/blocks/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ identifier: id, block_id: "", content: "", title: "" });
    }
    const all = (await app.inject("/api/rest/blocks")).json();
    expect(all.map((b: { identifier: string }) => b.identifier)).toEqual(["footer", "seo-home-sd"]);
  });

  it("keeps structured-data blocks as their JSON text", async () => {
    const sd = (await app.inject("/api/rest/blocks/seo-home-sd")).json();
    expect(JSON.parse(sd.content)["@type"]).toBe("Organization");
  });

  it("serves a CMS page by identifier, sanitised, and 404s in the error shape when absent", async () => {
    const home = (await app.inject("/api/rest/pages/home")).json();
    expect(home).toMatchObject({ identifier: "home", title: "Home", meta_description: "Shop", no_index: false });
    expect(home.content).toContain("<h1>Welcome</h1>");
    expect(home.content).not.toContain("onerror");
    expect((await app.inject("/api/rest/pages/secret")).json().no_index).toBe(true);
    const missing = await app.inject("/api/rest/pages/nope");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ messages: { error: [{ message: PAGE_NOT_FOUND }] } });
  });

  it("nests script entries under their parent", async () => {
    const scripts = (await app.inject("/api/rest/scripts")).json();
    expect(scripts).toHaveLength(1);
    expect(scripts[0].script_name).toBe("datalayer");
    expect(scripts[0].children.map((c: { script_name: string; location: string }) => [c.script_name, c.location])).toEqual([["child", "body"]]);
  });

  it("answers an unknown route with a 404 in the error shape", async () => {
    const response = await app.inject("/api/rest/nothing-here");
    expect(response.statusCode).toBe(404);
    expect(response.json().messages.error[0].message).toMatch(/No route/);
  });
});

describe("sessions and CSRF", () => {
  it("creates a guest session with a CSRF token in an HttpOnly cookie, and keeps it", async () => {
    const shopper = new Shopper(app);
    const first = await shopper.startSession();
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const body = first.json();
    expect(body.isloggedin).toBe(false);
    expect(body.customer_data.csrf_token).toMatch(/^[\w-]{40,}$/);
    const cookie = first.cookies.find((c) => c.name === "sid")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    const again = await shopper.get("/api/rest/customers/self/session");
    expect(again.json().customer_data.csrf_token).toBe(body.customer_data.csrf_token);
    // coming back extends the new guest session: the same cookie, renewed once; later reads leave it be
    expect(again.cookies.find((c) => c.name === "sid")?.value).toBe(cookie.value);
    const third = await shopper.get("/api/rest/customers/self/session");
    expect(third.json().customer_data.csrf_token).toBe(body.customer_data.csrf_token);
    expect(third.cookies.find((c) => c.name === "sid")).toBeUndefined();
  });

  it("refuses a mutating call without the CSRF token, or with another session's", async () => {
    const alice = new Shopper(app);
    const bob = new Shopper(app);
    await alice.startSession();
    await bob.startSession();
    const missing = await alice.send("DELETE", "/api/rest/customers/self/session", undefined, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().messages.error[0].message).toMatch(/CSRF/);
    alice.csrf = bob.csrf;
    expect((await alice.send("DELETE", "/api/rest/customers/self/session")).statusCode).toBe(403);
    const noSession = await app.inject({ method: "POST", url: "/api/rest/customers/self/session", payload: { login: "a", password: "b" }, headers: { "x-csrf-token": "x" } });
    expect(noSession.statusCode).toBe(403);
  });
});

describe("health and OpenAPI", () => {
  it("reports the database as reachable", async () => {
    for (const url of ["/health", "/api/rest/health"]) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "ok", database: "ok" });
    }
  });

  it("publishes the contract as OpenAPI with a docs page", async () => {
    const doc = (await app.inject("/api/rest/openapi.json")).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/rest/config", "/api/rest/pages/{identifier}", "/api/rest/customers/self/session"]));
    expect(doc.paths["/api/rest/config"].get.responses["200"].content["application/json"].schema.properties.currency_code).toBeDefined();
    const docs = await app.inject("/api/rest/docs");
    expect([200, 302]).toContain(docs.statusCode);
  });
});
