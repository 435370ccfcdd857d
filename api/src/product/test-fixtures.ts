import { schema, type Db } from "../db/client";
import { hashPassword } from "../customer/password";

const DAY = 86_400_000;
export const days = (n: number) => new Date(Date.now() + n * DAY);

/** Ids the product-area tests refer to. */
export const F = {
  configurable: 100, childSteel: 101, childWhite: 102, childDisabled: 103,
  filter: 110, installKit: 111, plan: 112, dishwasher: 120, disabled: 121, outlet: 130, bundle: 140,
  poa: 150, expiredSpecial: 151, futureSpecial: 152,
  storeLA: 1, storeSJ: 2, storeBellevue: 3,
} as const;

export const CUSTOMERS = {
  alice: { email: "alice@example.com", password: "correct horse battery" },
  bob: { email: "bob@example.com", password: "another good secret" },
};

type ProductInsert = typeof schema.products.$inferInsert;
const product = (p: Partial<ProductInsert> & Pick<ProductInsert, "entityId" | "sku" | "name" | "price">): ProductInsert => ({
  urlKey: p.sku.toLowerCase(),
  finalPrice: p.specialPrice ?? p.price,
  qty: 5,
  ...p,
});

/** A small hand-made store: every case the product page, stock, shipping, wishlist and banners must handle. */
export async function insertProductFixtures(db: Db): Promise<void> {
  await db.insert(schema.categories).values([
    { entityId: 1, parentId: null, path: "1", urlKey: "root", name: "Root Catalog", level: 0 },
    { entityId: 2, parentId: 1, path: "1/2", urlKey: "default-category", name: "Default Category", level: 1 },
    { entityId: 10, parentId: 2, path: "1/2/10", urlKey: "appliances", name: "Appliances", level: 2, position: 1 },
    { entityId: 11, parentId: 10, path: "1/2/10/11", urlKey: "refrigerators", name: "Refrigerators", level: 3, position: 1 },
    { entityId: 12, parentId: 10, path: "1/2/10/12", urlKey: "kitchen-packages", name: "Kitchen Packages", level: 3, position: 2 },
  ]);
  await db.insert(schema.brands).values([
    { brandId: 1, name: "Frostline", urlKey: "frostline", logoUrl: "/media/brand/frostline.png" },
    { brandId: 2, name: "ShieldCare", urlKey: "shieldcare", logoUrl: "/media/brand/shieldcare.png" },
  ]);
  await db.insert(schema.attributes).values([
    { attributeId: 1, code: "color", label: "Color", isSwatch: true, groupName: "Appearance", position: 1 },
    { attributeId: 2, code: "capacity", label: "Capacity", groupName: "Specifications", position: 2 },
    { attributeId: 3, code: "features", label: "Features", frontendInput: "multiselect", groupName: "Specifications", position: 3 },
  ]);
  await db.insert(schema.attributeOptions).values([
    { optionId: 1, attributeId: 1, value: "stainless-steel", label: "Stainless Steel", swatch: "#c0c4c8", position: 1 },
    { optionId: 2, attributeId: 1, value: "white", label: "White", swatch: "#f4f4f2", position: 2 },
    { optionId: 3, attributeId: 1, value: "black", label: "Black", swatch: "#1f2022", position: 3 },
    { optionId: 4, attributeId: 2, value: "25", label: "25 cu. ft.", position: 1 },
    { optionId: 5, attributeId: 3, value: "ice-maker", label: "Ice Maker", position: 1 },
    { optionId: 6, attributeId: 3, value: "wifi", label: "Wi-Fi", position: 2 },
  ]);

  await db.insert(schema.products).values([
    product({
      entityId: F.configurable, sku: "FL-FD", urlKey: "frostline-french-door", name: "Frostline French Door Refrigerator", typeId: "configurable",
      modelNumber: "FLFD25", brandId: 1, description: "<p>Big and cold.</p>", shortDescription: "Cold", metaTitle: "Fridge", metaDescription: "A fridge",
      metaKeyword: "fridge", price: 199900, specialPrice: 179900, specialFromDate: days(-1), specialToDate: days(10), msrp: 219900,
      height: 70, width: 36, depth: 29.5, weight: 300, energyStarQualified: true, upccode: "012345678905", imageUrl: "/media/fd.png",
      reviewsCount: 3, reviewsRating: 3.33, qty: 0,
      extra: {
        product_flags: [
          { position: 1, text: "New", color: "#ff0000", visible: true },
          { position: 3, text: "Sale", color: "#00aa00" },
          { position: 9, text: "out of range" },
          { position: 7, text: "Hidden", visible: false },
        ],
        product_features: ["Door-in-door", { title: "Quiet", description: "Whisper mode", image_url: "/media/q.png" }],
        product_data: { warranty: "1 year" },
        custom_columns: { installation: "Free" },
        gallery_layout: "grid",
        step_up: { sku: "FL-FD-PRO" },
      },
    }),
    product({ entityId: F.childSteel, sku: "FL-FD-SS", name: "Frostline French Door Refrigerator - Stainless", parentId: F.configurable, visibility: 1, price: 199900, specialPrice: 179900, specialFromDate: days(-1), specialToDate: days(10), qty: 5, brandId: 1, position: 2 }),
    product({ entityId: F.childWhite, sku: "FL-FD-WH", name: "Frostline French Door Refrigerator - White", parentId: F.configurable, visibility: 1, price: 189900, qty: 0, brandId: 1, position: 1 }),
    product({ entityId: F.childDisabled, sku: "FL-FD-BK", name: "Frostline French Door Refrigerator - Black", parentId: F.configurable, visibility: 1, price: 189900, status: 2, brandId: 1 }),
    product({ entityId: F.filter, sku: "PF-FILTER", name: "Water Filter", price: 4999, qty: 50, brandId: 2 }),
    product({ entityId: F.installKit, sku: "INSTALL-KIT", name: "Install Kit", price: 2999, qty: 10, visibility: 1 }),
    product({ entityId: F.plan, sku: "PLAN-5", name: "5 Year Protection Plan", price: 19999, brandId: 2 }),
    product({ entityId: F.dishwasher, sku: "FL-DW", urlKey: "frostline-dishwasher", name: "Frostline Dishwasher", price: 89900, qty: 3, brandId: 1, reviewsCount: 23, reviewsRating: 3,
      extra: { product_data: { Overview: [{ label: "Brand", value: "Frostline" }, { label: "Model Number", value: "DW1" }], Dimensions: [{ label: "Height", value: "34.0 in." }], notes: "x" } } }),
    product({ entityId: F.disabled, sku: "DISABLED-1", urlKey: "disabled-product", name: "Gone", price: 100, status: 2 }),
    product({ entityId: F.outlet, sku: "FL-DW-OB", name: "Frostline Dishwasher (Open Box)", price: 69900, qty: 1, visibility: 1, outletOf: F.dishwasher, condition: "open_box", brandId: 1 }),
    product({ entityId: F.bundle, sku: "KP-1", urlKey: "kitchen-package", name: "Kitchen Package", typeId: "bundle", price: 279800, qty: 0, brandId: 1, extra: { selection_qty: 2 } }),
    product({ entityId: F.poa, sku: "POA-1", name: "Commercial Range", price: 999900, poa: true, displayAddToCart: false }),
    product({ entityId: F.expiredSpecial, sku: "EXP-1", name: "Expired Deal", price: 10000, specialPrice: 5000, specialFromDate: days(-10), specialToDate: days(-1) }),
    product({ entityId: F.futureSpecial, sku: "FUT-1", name: "Future Deal", price: 10000, specialPrice: 7000, specialFromDate: days(1), specialToDate: days(5) }),
  ]);

  await db.insert(schema.productCategories).values([
    { productId: F.configurable, categoryId: 11 },
    { productId: F.dishwasher, categoryId: 10 },
    { productId: F.bundle, categoryId: 12 },
    { productId: F.filter, categoryId: 10 },
    { productId: F.plan, categoryId: 10 },
  ]);
  await db.insert(schema.productAttributeValues).values([
    { productId: F.childSteel, attributeId: 1, optionId: 1 },
    { productId: F.childWhite, attributeId: 1, optionId: 2 },
    { productId: F.childDisabled, attributeId: 1, optionId: 3 },
    { productId: F.configurable, attributeId: 2, optionId: 4 },
    { productId: F.configurable, attributeId: 3, optionId: 5 },
    { productId: F.configurable, attributeId: 3, optionId: 6 },
    { productId: F.dishwasher, attributeId: 2, optionId: 4 },
  ]);
  await db.insert(schema.productSuperAttributes).values([{ productId: F.configurable, attributeId: 1, position: 0 }]);
  await db.insert(schema.productAssets).values([
    { productId: F.configurable, assetType: "image", url: "/media/fd-2.png", label: "Side", position: 2 },
    { productId: F.configurable, assetType: "image", url: "/media/fd-1.png", thumbUrl: "/media/fd-1-small.png", label: "Front", position: 1 },
    { productId: F.configurable, assetType: "image360", url: "/media/fd-360.json", position: 3 },
    { productId: F.configurable, assetType: "video", url: "/media/fd-tour.mp4", thumbUrl: "/media/fd-tour.png", label: "Tour", position: 4 },
    { productId: F.configurable, assetType: "embeddedVideo", url: "https://www.youtube.com/embed/abc", position: 5 },
  ]);
  await db.insert(schema.productLinks).values([
    { productId: F.configurable, linkedProductId: F.installKit, linkType: "crosssell", position: 1, preSelectedAddOn: true },
    { productId: F.configurable, linkedProductId: F.filter, linkType: "crosssell", position: 2 },
    { productId: F.configurable, linkedProductId: F.disabled, linkType: "crosssell", position: 3 },
    { productId: F.configurable, linkedProductId: F.dishwasher, linkType: "related", position: 1 },
    { productId: F.configurable, linkedProductId: F.plan, linkType: "related", position: 2 },
    { productId: F.configurable, linkedProductId: F.installKit, linkType: "related", position: 3 }, // not visible on its own: left out
    { productId: F.configurable, linkedProductId: F.poa, linkType: "upsell", position: 1 },
    { productId: F.dishwasher, linkedProductId: F.filter, linkType: "crosssell", position: 1 },
  ]);
  const [fridge, dishwasher, extras] = await db.insert(schema.bundleOptions).values([
    { bundleId: F.bundle, title: "Refrigerator", required: true, position: 1 },
    { bundleId: F.bundle, title: "Dishwasher", required: true, position: 2 },
    { bundleId: F.bundle, title: "Extras", required: false, position: 3 },
  ]).returning();
  await db.insert(schema.bundleSelections).values([
    { optionId: fridge!.optionId, productId: F.childSteel, isDefault: true, position: 1 },
    { optionId: fridge!.optionId, productId: F.childWhite, position: 2 },
    { optionId: dishwasher!.optionId, productId: F.dishwasher, isDefault: true, position: 1 },
    { optionId: extras!.optionId, productId: F.filter, qty: 2, position: 1 },
  ]);

  await db.insert(schema.rebatePrograms).values([
    { programId: "RB-1", promoName: "Mail-in Rebate", promoShortDescription: "Get $50 back", startDate: days(-5), endDate: days(20), rebateFormUrl: "https://example.com/rebate.pdf", brandLogoUrls: ["/media/brand/frostline.png"], manufacturer: "Frostline", linqType: "rebate", amount: 5000 },
    { programId: "IS-1", promoName: "Instant Savings", startDate: days(-5), endDate: days(3), linqType: "instant", amount: 10000 },
    { programId: "BMSM-1", promoName: "Buy More Save More", startDate: days(-5), endDate: days(30), linqType: "BuyMoreSaveMore", afterCheckout: true, amount: 20000 },
    { programId: "OLD-1", promoName: "Old Rebate", startDate: days(-60), endDate: days(-30), linqType: "rebate", amount: 9900 },
  ]);
  await db.insert(schema.productPromotions).values(["RB-1", "IS-1", "BMSM-1", "OLD-1"].map((programId) => ({ productId: F.configurable, programId })));

  const reviews: Array<typeof schema.reviews.$inferInsert> = [
    { productId: F.configurable, rating: 5, title: "Love it", body: "Great", nickname: "amy", helpfulYes: 10, helpfulNo: 1, createdAt: days(-3) },
    { productId: F.configurable, rating: 4, title: "Good", body: "Fine", nickname: "ben", helpfulYes: 3, createdAt: days(-2) },
    { productId: F.configurable, rating: 1, title: "Broke", body: "Bad", nickname: "cat", helpfulYes: 7, helpfulNo: 2, isRecommended: false, createdAt: days(-1) },
  ];
  for (let i = 0; i < 23; i++) {
    reviews.push({
      productId: F.dishwasher, rating: (i % 5) + 1, title: `Review ${i}`, body: "…", nickname: `n${i}`, helpfulYes: i, isRecommended: i % 5 >= 2,
      createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
    });
  }
  await db.insert(schema.reviews).values(reviews);

  await db.insert(schema.storeLocations).values([
    { locationId: F.storeLA, googleCode: "HHO-LAX", storeName: "West Los Angeles", street: "11240 W Olympic Blvd", city: "Los Angeles", region: "CA", postcode: "90064", phone: "(555) 201-4410", latitude: 34.0366, longitude: -118.4421, hours: { monday: "9-9" } },
    { locationId: F.storeSJ, googleCode: "HHO-SJC", storeName: "San Jose Stevens Creek", street: "5190 Stevens Creek Blvd", city: "San Jose", region: "CA", postcode: "95129", phone: "(555) 201-4414", latitude: 37.3231, longitude: -121.9912 },
    { locationId: F.storeBellevue, googleCode: "HHO-SEA", storeName: "Bellevue", street: "14310 NE 20th St", city: "Bellevue", region: "WA", postcode: "98007", phone: "(555) 201-4419", latitude: 47.6269, longitude: -122.1499, pickupMethod: "curbside_pickup" },
  ]);
  await db.insert(schema.inventory).values([
    { productId: F.dishwasher, locationId: F.storeLA, qty: 2 },
    { productId: F.dishwasher, locationId: F.storeSJ, qty: 0 },
    { productId: F.dishwasher, locationId: F.storeBellevue, qty: 7 },
    { productId: F.childSteel, locationId: F.storeLA, qty: 3 },
    { productId: F.childWhite, locationId: F.storeSJ, qty: 1 },
  ]);
  await db.insert(schema.postcodes).values([
    { postcode: "94103", latitude: 37.7725, longitude: -122.4147, region: "CA" },
    { postcode: "94110", latitude: 37.7509, longitude: -122.4153, region: "CA" },
    { postcode: "90064", latitude: 34.0352, longitude: -118.4259, region: "CA" },
    { postcode: "98007", latitude: 47.6169, longitude: -122.1422, region: "WA" },
  ]);
  await db.insert(schema.shippingRates).values([
    { zipPrefix: "9", carrierTitle: "Hearth & Home Delivery", methodCode: "standard", methodTitle: "Standard Delivery", price: 4999, minDays: 2, maxDays: 5 },
    { zipPrefix: "9", carrierTitle: "Hearth & Home Delivery", methodCode: "white_glove", methodTitle: "White Glove Delivery", price: 14999, minDays: 3, maxDays: 7 },
    { zipPrefix: "", carrierTitle: "Hearth & Home Delivery", methodCode: "standard", methodTitle: "Standard Delivery", price: 8999, minDays: 5, maxDays: 10 },
    { zipPrefix: "", carrierTitle: "Hearth & Home Delivery", methodCode: "white_glove", methodTitle: "White Glove Delivery", price: 19999, minDays: 7, maxDays: 14 },
    { zipPrefix: "", carrierTitle: "Store Pickup", methodCode: "store_pickup", methodTitle: "Store Pickup", price: 0, minDays: 0, maxDays: 1 },
    { countryId: "CA", zipPrefix: "", carrierTitle: "Hearth & Home Delivery", methodCode: "standard", methodTitle: "Standard Delivery", price: 12999, minDays: 7, maxDays: 12 },
  ]);

  await db.insert(schema.promoBanners).values([
    { bannerId: 1, bannerType: "home", content: "<p>Ends soon</p><script>alert(1)</script>", css: ".a{color:red}</style><script>", types: ["custom"], endDate: days(2), position: 5 },
    { bannerId: 2, bannerType: "home", content: "<a href='/sale'>Sale</a>", types: ["link_tile"], endDate: days(9), position: 1 },
    { bannerId: 3, bannerType: "home", content: "no end", position: 0 },
    { bannerId: 4, bannerType: "home", content: "ended", endDate: days(-1) },
    { bannerId: 5, bannerType: "home", content: "not yet", startDate: days(1) },
    { bannerId: 6, bannerType: "home", content: "Frostline in appliances", categoryId: 10, manufacturer: "Frostline", displayMode: "grid", endDate: days(4) },
    { bannerId: 7, bannerType: "retailbanner", content: "<b>Frostline days</b>", manufacturer: "Frostline", types: ["custom"] },
    { bannerId: 8, bannerType: "retailbanner", content: "Other brand", manufacturer: "Kessler" },
    { bannerId: 9, bannerType: "manufacturer", content: "ShieldCare plans", manufacturer: "shieldcare", types: ["link_tile"] },
    { bannerId: 10, bannerType: "manufacturer", content: "Kessler suite", manufacturer: "kessler" },
  ]);
  await db.insert(schema.blogPosts).values([
    { postId: 1, urlKey: "fridge-guide", title: "Fridge guide", content: "<p>How to</p><script>x()</script>", publishedAt: days(-10) },
    { postId: 2, urlKey: "laundry-tips", title: "Laundry tips", publishedAt: days(-5) },
    { postId: 3, urlKey: "tv-sizes", title: "TV sizes", publishedAt: days(-1) },
    { postId: 4, urlKey: "coming-soon", title: "Coming soon", publishedAt: days(3) },
  ]);

  await db.insert(schema.customers).values([
    { email: CUSTOMERS.alice.email, firstname: "Alice", lastname: "A", passwordHash: await hashPassword(CUSTOMERS.alice.password) },
    { email: CUSTOMERS.bob.email, firstname: "Bob", lastname: "B", passwordHash: await hashPassword(CUSTOMERS.bob.password) },
  ]);
}
