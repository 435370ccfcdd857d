import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { PRODUCT_EMBEDS, PRODUCT_NOT_FOUND, productDetail, type ProductDetail } from "@store/contract";
import { schema } from "../db/client";
import { useTestApp } from "../test/app";
import { F, insertProductFixtures } from "./test-fixtures";

const t = useTestApp(insertProductFixtures);

const ALL = PRODUCT_EMBEDS.join(",");

async function getProduct(key: string | number, query = ""): Promise<ProductDetail> {
  const response = await t.app.inject(`/api/rest/products/${key}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  // the answer leaves pre-serialised: hold it to the contract here
  return productDetail.parse(response.json());
}

describe("GET /products/{id_or_key}: configurable product", () => {
  let p: ProductDetail;
  beforeAll(async () => {
    p = await getProduct(F.configurable, `?embed=${ALL}`);
  });

  it("answers the identity, text and meta fields", () => {
    expect(p).toMatchObject({
      entity_id: "100", url_key: "frostline-french-door", type_id: "configurable", sku: "FL-FD", name: "Frostline French Door Refrigerator",
      model_number: "FLFD25", manufacturer: "Frostline", description: "<p>Big and cold.</p>", short_description: "Cold",
      meta_title: "Fridge", meta_description: "A fridge", meta_keyword: "fridge", visibility: "Catalog, Search", status: 1,
      parent_id: null, outlet_of: null, upccode: "012345678905", energy_star_qualified: true, gallery_layout: "grid",
      reviews_count: 3, reviews_rating: 3.33, step_up: { sku: "FL-FD-PRO" }, selection_qty: null,
    });
    expect(p.brand).toEqual({ name: "Frostline", url_key: "frostline", logo_url: "/media/brand/frostline.png" });
    expect(p.dimensions).toEqual({ height: 70, width: 36, depth: 29.5, weight: 300 });
  });

  it("lists swatch attributes with their options and the enabled children having each", () => {
    expect(p.attributes).toEqual([{
      attribute_id: "1", code: "color", label: "Color", ordinal: 0,
      options: [
        { option_id: "1", value: "stainless-steel", label: "Stainless Steel", swatch: "#c0c4c8", products: ["101"] },
        { option_id: "2", value: "white", label: "White", swatch: "#f4f4f2", products: ["102"] },
      ],
    }]);
  });

  it("lists the enabled children by position with their swatch values, prices and stock", () => {
    expect(p.simple_products.map((s) => [s.entity_id, s.attributes, s.in_stock, s.prices.final_price_without_tax])).toEqual([
      ["102", { color: "white" }, false, 1899],
      ["101", { color: "stainless-steel" }, true, 1799],
    ]);
    // the default child is the first one in stock
    expect(p.configurable_default_simple_id).toBe("101");
    // a configurable's stock is its children's
    expect(p.qty).toBe(5);
    expect(p.in_stock).toBe(true);
  });

  it("prices with the special price window open, msrp and discount, in dollars and formatted", () => {
    expect(p.prices).toMatchObject({
      regular_price_without_tax: 1999,
      final_price_without_tax: 1799,
      regular_price_without_tax_formatted: "$1,999.00",
      final_price_without_tax_formatted: "$1,799.00",
      discount: { amount: 200, formatted: "$200.00", percent: 10 },
      on_sale: true,
      msrp_enabled: true,
      msrp: { amount: 2199, formatted: "$2,199.00" },
      display_price: { amount: 1799, formatted: "$1,799.00" },
      poa: false,
      display_add_to_cart: true,
    });
    expect(Date.parse(p.prices.special_from_date!)).toBeLessThan(Date.now());
    expect(Date.parse(p.prices.special_to_date!)).toBeGreaterThan(Date.now());
  });

  it("keeps flags to positions 1 to 8, one each, in order", () => {
    expect(p.product_flags).toEqual([
      { position: 1, visible: true, text: "New", color: "#ff0000" },
      { position: 3, visible: true, text: "Sale", color: "#00aa00" },
      { position: 7, visible: false, text: "Hidden", color: "" },
    ]);
  });

  it("answers features, product data, custom columns and grouped specifications", () => {
    expect(p.product_features).toEqual([
      { title: "", description: "Door-in-door", image_url: "" },
      { title: "Quiet", description: "Whisper mode", image_url: "/media/q.png" },
    ]);
    expect(p.product_data).toEqual({ warranty: "1 year" });
    expect(p.custom_columns).toEqual({ installation: "Free" });
    expect(p.simple_attributes).toEqual([{
      group: "Specifications",
      attributes: [
        { code: "capacity", label: "Capacity", value: "25 cu. ft." },
        { code: "features", label: "Features", value: "Ice Maker, Wi-Fi" },
      ],
    }]);
  });

  it("answers categories with their ancestors below the root for breadcrumbs", () => {
    expect(p.categories).toEqual([
      { entity_id: "10", parent_id: "2", name: "Appliances", url_key: "appliances", level: 2, assigned: false },
      { entity_id: "11", parent_id: "10", name: "Refrigerators", url_key: "refrigerators", level: 3, assigned: true },
    ]);
  });

  it("answers images in position order, every asset type, videos and image urls", () => {
    expect(p.images!.map((i) => i.url)).toEqual(["/media/fd-1.png", "/media/fd-2.png"]);
    expect(p.images![0]).toEqual({ url: "/media/fd-1.png", thumb_url: "/media/fd-1-small.png", label: "Front", position: 1 });
    expect(p.assets!.map((a) => a.asset_type)).toEqual(["image", "image", "image360", "video", "embeddedVideo"]);
    expect(p.image_url).toEqual({ normal: "/media/fd.png", small: "/media/fd-1-small.png" });
    expect(p.videos_json).toEqual([{ Title: "Tour", Description: "", ThumbUrl: "/media/fd-tour.png", FileUrl: "/media/fd-tour.mp4", SubtitleUrl: "" }]);
  });

  it("answers add-ons with pre_selected_add_on, related and upsell items, enabled only", () => {
    expect(p.crosssells!.map((c) => [c.entity_id, c.pre_selected_add_on])).toEqual([["111", true], ["110", false]]);
    // the install kit is not sold on its own page: an add-on, but no related item
    expect(p.relateds!.map((r) => r.entity_id)).toEqual(["120", "112"]);
    expect(p.upsells!.map((r) => r.entity_id)).toEqual(["150"]);
    expect(p.relateds![0]).toMatchObject({ sku: "FL-DW", url_key: "frostline-dishwasher", manufacturer: "Frostline", in_stock: true, qty: 3 });
    expect(p.relateds![0]!.prices.final_price_without_tax_formatted).toBe("$899.00");
  });

  it("answers running promotions only, soonest ending first, with their sums", () => {
    const promotions = p.promotions!;
    expect(promotions.product_promotions.map((x) => [x.program_id, x.kind])).toEqual([
      ["IS-1", "instant"], ["RB-1", "rebate"], ["BMSM-1", "BuyMoreSaveMore"],
    ]);
    expect(promotions).toMatchObject({
      linq_type: "instant",
      program_id: "IS-1",
      after_checkout: true,
      has_buy_more_save_more: true,
      package_savings_amount: { amount: 100, formatted: "$100.00" },
      // 1,799 less 100 instant and 50 rebate
      after_rebates_amount: { amount: 1649, formatted: "$1,649.00" },
    });
    const rebate = promotions.product_promotions[1]!;
    expect(rebate).toMatchObject({
      promo_name: "Mail-in Rebate", promo_short_description: "Get $50 back", rebate_form_url: "https://example.com/rebate.pdf",
      brand_logo_urls: ["/media/brand/frostline.png"], manufacturer: "Frostline", after_checkout: false, amount: { amount: 50, formatted: "$50.00" },
    });
    expect(p.instant_savings_to_date).toBe(promotions.product_promotions[0]!.end_date);
    expect(p.consumer_rebate_to_date).toBe(rebate.end_date);
  });

  it("answers the retail banner of the product's brand, sanitised", () => {
    expect(p.retailbanner).toEqual({ banner_id: "7", css: "", content: "<b>Frostline days</b>", types: ["custom"] });
  });
});

describe("GET /products/{id_or_key}: lookups, embeds and errors", () => {
  it("finds a product by entity id, url key or sku", async () => {
    for (const key of ["100", "frostline-french-door", "FL-FD"]) expect((await getProduct(key)).entity_id).toBe("100");
  });

  it("looks up keys with quotes and backslashes safely", async () => {
    const sku = `O'Brien "Deluxe" \\ 1`;
    await t.db.insert(schema.products).values({ entityId: 160, sku, urlKey: "o-brien-deluxe", name: "Quoted", price: 100, finalPrice: 100 });
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await getProduct(encodeURIComponent(sku))).entity_id).toBe("160");
    for (const key of ["x'); drop table products; --", "a\\'b", '{"1"}', "1,2", "%00"]) {
      const response = await t.app.inject(`/api/rest/products/${encodeURIComponent(key)}`);
      expect(response.statusCode, key).toBe(404);
    }
    // a NUL can never be a key: refused as bad input before any lookup
    for (const key of ["\u0000", "a\u0000b"]) {
      const response = await t.app.inject(`/api/rest/products/${encodeURIComponent(key)}`);
      expect(response.statusCode, key).toBe(400);
    }
    expect((await getProduct(F.dishwasher)).entity_id).toBe("120");
    expect((await t.app.inject(`/api/rest/products/${encodeURIComponent("\u0000")}/reviews`)).statusCode).toBe(400);
  });

  it("answers an embed only when asked for", async () => {
    const bare = await getProduct(F.configurable);
    for (const embed of PRODUCT_EMBEDS) expect(bare).not.toHaveProperty(embed);
    expect(bare).not.toHaveProperty("location_inventory");
    const some = await getProduct(F.configurable, "?embed=images, Upsells");
    expect(Object.keys(some).filter((k) => (PRODUCT_EMBEDS as readonly string[]).includes(k)).sort()).toEqual(["images", "upsells"]);
  });

  it("answers a configurable child and an open-box item, which have no page of their own", async () => {
    const child = await getProduct(F.childWhite);
    expect(child).toMatchObject({ visibility: "Not Visible Individually", parent_id: "100", type_id: "simple" });
    // breadcrumbs come from the parent when the child is filed nowhere itself
    expect(child.categories.map((c) => c.url_key)).toEqual(["appliances", "refrigerators"]);
    const outlet = await getProduct(F.outlet);
    expect(outlet).toMatchObject({ condition: "open_box", outlet_of: "120" });
    expect(outlet.categories.map((c) => [c.url_key, c.assigned])).toEqual([["appliances", true]]);
  });

  it("answers 404 in the error shape for unknown and disabled products", async () => {
    for (const key of ["nope", "999999", "121", "disabled-product", "DISABLED-1", F.childDisabled]) {
      const response = await t.app.inject(`/api/rest/products/${key}`);
      expect(response.statusCode, String(key)).toBe(404);
      expect(response.json()).toEqual({ messages: { error: [{ message: PRODUCT_NOT_FOUND }] } });
    }
  });

  it("answers 400 for an unknown embed or a bad store id", async () => {
    for (const query of ["?embed=images,everything", "?storelocationid=abc", "?storelocationid=-1"]) {
      const response = await t.app.inject(`/api/rest/products/100${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.error[0].message).toEqual(expect.any(String));
    }
  });

  it("is publicly cacheable, except with a store's stock", async () => {
    const plain = await t.app.inject("/api/rest/products/120");
    expect(plain.headers["cache-control"]).toMatch(/^public, max-age=60/);
    const withStore = await t.app.inject(`/api/rest/products/120?storelocationid=${F.storeBellevue}`);
    expect(withStore.statusCode).toBe(200);
    expect(withStore.headers["cache-control"]).toBe("no-store");
    const body = productDetail.parse(withStore.json());
    expect(body.location_inventory).toEqual([expect.objectContaining({ storelocationid: "3", store_name: "Bellevue", qty: 7, in_stock: true })]);
  });

  it("counts a configurable's stock at a store from its children", async () => {
    const la = await getProduct(F.configurable, `?storelocationid=${F.storeLA}`);
    expect(la.location_inventory!.map((s) => [s.storelocationid, s.qty])).toEqual([["1", 3]]);
    const unknown = await t.app.inject("/api/rest/products/100?storelocationid=999");
    expect(unknown.statusCode).toBe(404);
  });
});

describe("GET /products/{id_or_key}: bundles, outlets and prices", () => {
  it("answers bundle options with their selections and the sets in stock", async () => {
    const bundle = await getProduct(F.bundle);
    expect(bundle.bundle_selection_attributes.map((o) => [o.title, o.required, o.selections.map((s) => [s.product.entity_id, s.is_default, s.qty])])).toEqual([
      ["Refrigerator", true, [["101", true, 1], ["102", false, 1]]],
      ["Dishwasher", true, [["120", true, 1]]],
      ["Extras", false, [["110", false, 2]]],
    ]);
    // as many packages as the required options allow: 5 fridges (one option) but 3 dishwashers
    expect(bundle.qty).toBe(3);
    expect(bundle.selection_qty).toBe(2);
  });

  it("takes specification groups kept in product_data over attribute values", async () => {
    const dishwasher = await getProduct(F.dishwasher);
    expect(dishwasher.simple_attributes).toEqual([
      { group: "Overview", attributes: [{ code: "brand", label: "Brand", value: "Frostline" }, { code: "model_number", label: "Model Number", value: "DW1" }] },
      { group: "Dimensions", attributes: [{ code: "height", label: "Height", value: "34.0 in." }] },
    ]);
  });

  it("counts a package's own saving in its package savings", async () => {
    await t.db.update(schema.products).set({ specialPrice: 259800 }).where(eq(schema.products.entityId, F.bundle));
    t.app.services.products.clearCache();
    const bundle = await getProduct(F.bundle, "?embed=promotions");
    expect(bundle.promotions!.package_savings_amount).toEqual({ amount: 200, formatted: "$200.00" });
    expect(bundle.promotions!.after_rebates_amount.amount).toBe(2598);
  });

  it("falls back to the brand's manufacturer banner, and to none without one", async () => {
    expect((await getProduct(F.dishwasher, "?embed=retailbanner")).retailbanner!.banner_id).toBe("7");
    expect((await getProduct(F.filter, "?embed=retailbanner")).retailbanner).toEqual({ banner_id: "9", css: "", content: "ShieldCare plans", types: ["link_tile"] });
    expect((await getProduct(F.installKit, "?embed=retailbanner")).retailbanner).toBeNull();
  });

  it("answers the bundles a product is part of and its open-box items", async () => {
    const dishwasher = await getProduct(F.dishwasher, "?embed=parentbundles,outlets");
    expect(dishwasher.parentbundles!.map((b) => b.entity_id)).toEqual(["140"]);
    expect(dishwasher.outlets).toEqual([expect.objectContaining({ entity_id: "130", condition: "open_box", outlet_of: "120", qty: 1 })]);
    expect(dishwasher.outlets![0]!.prices.final_price_without_tax).toBe(699);
    // a child in a bundle sees the bundle too
    expect((await getProduct(F.childSteel, "?embed=parentbundles")).parentbundles!.map((b) => b.sku)).toEqual(["KP-1"]);
  });

  it("hides the price of a price-on-application product", async () => {
    const poa = await getProduct(F.poa);
    expect(poa.prices).toMatchObject({ poa: true, display_price: null, display_add_to_cart: false, msrp_enabled: false, msrp: null, discount: null });
  });

  it("ignores a special price outside its window", async () => {
    for (const id of [F.expiredSpecial, F.futureSpecial]) {
      const p = await getProduct(id);
      expect(p.prices).toMatchObject({ regular_price_without_tax: 100, final_price_without_tax: 100, discount: null, on_sale: false });
    }
  });

  it("formats money in the configured currency", async () => {
    await t.app.services.config.update({ currency_code: "CAD" });
    try {
      const p = await getProduct(F.dishwasher);
      expect(p.prices.final_price_without_tax_formatted).toBe("CA$899.00");
    } finally {
      await t.app.services.config.update({ currency_code: "USD" });
    }
    expect((await getProduct(F.dishwasher)).prices.final_price_without_tax_formatted).toBe("$899.00");
  });
});

describe("OpenAPI", () => {
  it("documents the product-area calls", async () => {
    const doc = (await t.app.inject("/api/rest/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      "/api/rest/products/{id}", "/api/rest/products/{id}/reviews/summary", "/api/rest/products/{id}/reviews",
      "/api/rest/products/{id}/inventory", "/api/rest/products/{id}/shipping/{zip}", "/api/rest/locations",
      "/api/rest/customer/wishlist/items", "/api/rest/promobanners/bannertype/{type}", "/api/rest/promobanners/{bannerId}",
      "/api/rest/blog", "/api/rest/personal/products",
    ]));
    expect(doc.paths["/api/rest/products/{id}"].get.responses["200"].content["application/json"].schema.properties.prices).toBeDefined();
  });
});

describe("product answer cache", () => {
  it("follows edits through the catalogue version within about a second", async () => {
    const db = t.db;
    expect((await getProduct(F.plan)).name).toBe("5 Year Protection Plan");
    await db.update(schema.products).set({ name: "Five Year Protection Plan" }).where(eq(schema.products.entityId, F.plan));
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await getProduct(F.plan)).name).toBe("Five Year Protection Plan");
  });

  it("follows page-only edits (links, descriptions) too", async () => {
    const db = t.db;
    expect((await getProduct(F.filter, "?embed=relateds")).relateds).toEqual([]);
    await db.insert(schema.productLinks).values({ productId: F.filter, linkedProductId: F.dishwasher, linkType: "related" });
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await getProduct(F.filter, "?embed=relateds")).relateds!.map((r) => r.entity_id)).toEqual(["120"]);
    await db.update(schema.products).set({ description: "Fresh water" }).where(eq(schema.products.entityId, F.filter));
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await getProduct(F.filter)).description).toBe("Fresh water");
  });

  it("answers many concurrent requests for different products in batches, each its own", async () => {
    const keys = [F.configurable, F.dishwasher, "kitchen-package", "PF-FILTER", F.poa, "nope", F.outlet, F.childSteel];
    t.app.services.products.clearCache();
    const answers = await Promise.all(keys.map((k) => t.app.inject(`/api/rest/products/${k}?embed=${ALL}`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 404, 200, 200]);
    expect(answers.map((a) => (a.statusCode === 200 ? a.json().entity_id : null))).toEqual(["100", "120", "140", "110", "150", null, "130", "101"]);
  });
});

describe("GET /products/{id_or_key}: editor HTML", () => {
  it("sanitises the description and short description before they leave the api", async () => {
    await t.db.update(schema.products)
      .set({ description: '<p>Quiet</p><script>steal()</script><img src="/x.png" onerror="steal()">', shortDescription: '<a href="javascript:steal()">Deal</a>' })
      .where(eq(schema.products.entityId, F.configurable));
    await new Promise((resolve) => setTimeout(resolve, 1_300)); // past the version check
    const p = await getProduct(F.configurable);
    expect(p.description).toContain("<p>Quiet</p>");
    expect(p.description).toContain('<img src="/x.png" />');
    expect(p.description).not.toMatch(/script|onerror/);
    expect(p.short_description).not.toContain("javascript:");
  });
});
