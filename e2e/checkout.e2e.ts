/**
 * Cart and checkout journeys (spec 001 §2, §4, §5, §8): a guest adds a product with an add-on,
 * works the cart (quantity, coupon, add-on removal) and fills the one-page checkout up to the
 * place-order button; pickup at a store; the card form's checks; placing the order: by sandbox card
 * (success), check / money order held for review (confirmation), a declined card and its retry. Products are found through the
 * storefront's own /api/rest, as the browser finds them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { PHONE, apiFromPage, apiJson, launchBrowser, openPage, startFailingStorefront } from "./harness";

interface Prices { final_price_without_tax: number; poa: boolean; display_add_to_cart: boolean; display_price: { formatted: string } | null }
interface ListItem { entity_id: string; url_key: string; name: string; type_id: string; prices: Prices }
interface Detail extends ListItem { crosssells?: Array<ListItem & { pre_selected_add_on: boolean }> }
interface Total { amount: number; formatted: string }
interface Cart {
  info: { qty: number; coupon_code: string | null; shipping_method: string | null; shipping_data: { location_id?: number }; email: string | null };
  totals: { subtotal: Total; discount: Total; shipping: Total; tax: Total; grand_total: Total };
  items: Record<string, { product_id: number; qty: number; crosssell_parent_id: string; name: string }>;
}

const baseUrl = inject("baseUrl");
const apiUrl = inject("apiUrl");
let browser: Browser;
let withAddOn: Detail;
let plain: ListItem;
/** a simple product some store holds, for pickup */
let stocked: ListItem;

const productPath = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;
const cartOf = (page: Page) => apiJson<Cart>(page, "/cart");
const poll = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeout = 10_000): Promise<T> => {
  const until = Date.now() + timeout;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 150));
    value = await read();
  }
  return value;
};

beforeAll(async () => {
  browser = await launchBrowser();
  const { page, close } = await openPage(browser, baseUrl);
  try {
    await page.goto("/favicon.ico");
    const listing = await apiJson<{ products: ListItem[] }>(page, "/categories/default-category?embed=products&limit=100");
    const simples = listing.products.filter((p) => p.type_id === "simple" && !p.prices.poa && p.prices.display_add_to_cart && p.prices.display_price);
    for (const item of simples) {
      const detail = await apiJson<Detail>(page, `/products/${item.entity_id}?embed=crosssells`);
      const addOns = (detail.crosssells ?? []).filter((a) => !a.prices.poa);
      if (addOns.length > 0 && detail.prices.final_price_without_tax > 300) { withAddOn = detail; break; }
    }
    expect(withAddOn, "a simple product over $300 with an add-on").toBeDefined();
    plain = simples.find((p) => p.entity_id !== withAddOn.entity_id)!;
    expect(plain).toBeDefined();
    for (const item of simples) {
      const stock = await apiJson<{ store_list: Array<{ qty: number }> }>(page, `/products/${item.entity_id}/inventory?zip=90210`);
      if (stock.store_list.some((s) => s.qty > 0)) { stocked = item; break; }
    }
    expect(stocked, "a simple product in stock at a store").toBeDefined();
  } finally {
    await close();
  }
});
afterAll(async () => {
  await browser?.close();
});

/** From the product page: the product with exactly one add-on ticked, then Add to Cart. */
async function addWithOneAddOn(page: Page): Promise<string> {
  await page.goto(productPath(withAddOn.url_key));
  const addOns = page.getByRole("group", { name: "Add-ons" }).getByRole("checkbox");
  await addOns.first().waitFor();
  for (const box of await addOns.all()) if (await box.isChecked()) await box.uncheck();
  await addOns.first().check();
  const addOnName = (await page.getByRole("group", { name: "Add-ons" }).locator("label").first().innerText()).split("\n")[0]!.trim();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  return addOnName;
}

describe("guest cart", () => {
  it("adds a product with an add-on, shows the notification and the header count, and the cart page lists both", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      const addOnName = await addWithOneAddOn(page);
      const note = page.getByRole("dialog", { name: "Added to your cart" });
      await note.waitFor();
      await expect(note.innerText()).resolves.toContain(withAddOn.name);
      await expect(note.innerText()).resolves.toContain(addOnName);
      await poll(() => page.getByTestId("header-cart-count").innerText(), (t) => t === "2");
      expect(await page.getByTestId("header-cart-count").innerText()).toBe("2");
      const cart = await cartOf(page);
      const lines = Object.values(cart.items);
      expect(lines).toHaveLength(2);
      expect(lines.find((l) => l.product_id === Number(withAddOn.entity_id))?.crosssell_parent_id).toBe("");
      expect(lines.find((l) => l.product_id !== Number(withAddOn.entity_id))?.crosssell_parent_id).toBe(withAddOn.entity_id);

      await note.getByRole("link", { name: "View cart & checkout" }).click();
      await page.waitForURL("**/checkout/cart");
      await page.getByTestId("cart-line").first().waitFor();
      expect(await page.getByTestId("cart-line").count()).toBe(1);
      expect(await page.getByTestId("cart-addon").innerText()).toContain(addOnName);
      expect(await page.getByTestId("total-subtotal").innerText()).toBe(cart.totals.subtotal.formatted);
      expect(await page.getByTestId("total-grand").innerText()).toBe(cart.totals.grand_total.formatted);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("changes the quantity, takes a coupon, refuses a bad one with the api's reason, and removes an add-on", async () => {
    const { page, close } = await openPage(browser, baseUrl);
    try {
      await addWithOneAddOn(page);
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await page.goto("/checkout/cart");
      await page.getByTestId("cart-line").first().waitFor();

      await page.getByRole("button", { name: "Increase quantity" }).click();
      const two = await poll(() => cartOf(page), (c) => c.info.qty === 3);
      expect(two.info.qty).toBe(3);
      await poll(() => page.getByTestId("total-subtotal").innerText(), (t) => t === two.totals.subtotal.formatted);
      expect(await page.getByTestId("total-subtotal").innerText()).toBe(two.totals.subtotal.formatted);

      await page.getByRole("textbox", { name: "Coupon code" }).fill("NOSUCHCODE");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "NOSUCHCODE" }).innerText()).resolves.toBe('The coupon code "NOSUCHCODE" is not valid.');

      await page.getByRole("textbox", { name: "Coupon code" }).fill("SAVE10");
      await page.getByRole("button", { name: "Apply" }).click();
      await page.getByText("Coupon SAVE10 applied").waitFor();
      const discounted = await cartOf(page);
      expect(discounted.info.coupon_code).toBe("SAVE10");
      expect(discounted.totals.discount.amount).toBeCloseTo(discounted.totals.subtotal.amount * 0.1, 1);
      expect(await page.getByTestId("total-discount").innerText()).toBe(`−${discounted.totals.discount.formatted}`);

      await page.getByTestId("cart-addon").getByRole("button", { name: /Remove/ }).click();
      await poll(() => page.getByTestId("cart-addon").count(), (n) => n === 0);
      expect(await page.getByTestId("cart-addon").count()).toBe(0);
      expect(Object.keys((await cartOf(page)).items)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it("shows spec 001 §8's own texts when add to cart, the cart and the coupon fail without a message", async () => {
    // a storefront whose api answers these calls 503 with an empty body, while `failing` says so
    const failing = { add: true, cart: false, coupon: true };
    const shop = await startFailingStorefront(apiUrl, ({ method, path }) =>
      (failing.add && method === "POST" && path.startsWith("/api/rest/cart/items"))
      || (failing.cart && method === "GET" && path.startsWith("/api/rest/cart?"))
      || (failing.coupon && method === "PUT" && path === "/api/rest/cart"), { silent: true });
    const { page, close } = await openPage(browser, shop.baseUrl);
    try {
      await page.goto(productPath(plain.url_key));
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "failure" }).innerText().catch(() => "")).toBe("failure in addProductToCart");

      failing.add = false;
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await page.goto("/checkout/cart");
      await page.getByTestId("cart-line").first().waitFor();
      await page.getByRole("textbox", { name: "Coupon code" }).fill("SAVE10");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "coupon" }).innerText().catch(() => "")).toBe("Failed to add coupon code");

      failing.cart = true;
      await page.goto("/checkout/cart");
      await expect.poll(() => page.getByRole("alert").filter({ hasText: "cart info" }).innerText().catch(() => "")).toBe("An error occurred while retrieving cart info.");
      expect(shop.failed.length).toBeGreaterThanOrEqual(3);
    } finally {
      await close();
      await shop.stop();
    }
  });

  it("adds from a listing tile and shows an empty cart once the line is removed", async () => {
    const { page, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto("/catalog");
      const tile = page.locator(`article[data-product-id="${plain.entity_id}"]`);
      await tile.getByRole("button", { name: /Add to Cart/ }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await page.goto("/checkout/cart");
      await page.getByTestId("cart-line").waitFor();
      await page.getByRole("button", { name: `Remove ${plain.name}` }).click();
      await page.getByText("Your cart is empty.").waitFor();
      expect((await cartOf(page)).info.qty).toBe(0);
    } finally {
      await close();
    }
  });
});

/** Fills the one-page checkout's email and billing address (shipping to it). */
async function fillCheckout(page: Page) {
  await page.goto("/checkout");
  const email = page.getByRole("textbox", { name: "Email address" });
  await email.fill("guest.journey@example.com");
  await email.blur();
  const billing = page.getByTestId("billing-form");
  await billing.getByLabel("First name").fill("Ann");
  await billing.getByLabel("Last name").fill("Lee");
  await billing.getByLabel("Street address").fill("1 Main St");
  await billing.getByLabel("City").fill("Los Angeles");
  await billing.getByLabel("State / Province").fill("CA");
  await billing.getByLabel("ZIP / Postal code").fill("90001");
  await billing.getByLabel("Phone").fill("310-555-0100");
  await billing.getByRole("button", { name: "Save billing address" }).click();
  await page.getByTestId("shipping-same").waitFor();
}

describe("one-page checkout", () => {
  it("takes email, billing shipped to the same address, a shipping method and a payment method, then enables Place Order", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await addWithOneAddOn(page);
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await fillCheckout(page);
      const place = page.getByRole("button", { name: "Place Order" });
      expect(await place.isDisabled()).toBe(true);
      expect(await page.getByTestId("shipping-same").innerText()).toContain("1 Main St");

      await page.getByRole("radio", { name: /Standard Delivery/ }).click();
      const shipped = await poll(() => cartOf(page), (c) => c.info.shipping_method === "flatrate_flatrate");
      expect(shipped.info.email).toBe("guest.journey@example.com");
      expect(shipped.totals.shipping.formatted).toBe("$49.99");
      await poll(() => page.getByTestId("total-shipping").innerText(), (t) => t === "$49.99");
      expect(await page.getByTestId("total-grand").innerText()).toBe(shipped.totals.grand_total.formatted);
      expect(await place.isDisabled()).toBe(true);

      await page.getByRole("radio", { name: "Check / Money order" }).click();
      await poll(() => place.isDisabled(), (d) => !d);
      expect(await place.isDisabled()).toBe(false);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("picks up at a store: the store is saved with the method and shipping is free", async () => {
    const { page, close } = await openPage(browser, baseUrl);
    try {
      await page.goto(productPath(stocked.url_key));
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await fillCheckout(page);
      await page.getByRole("radio", { name: /Pick up at a store/ }).click();
      const store = page.getByRole("combobox", { name: "Pickup store" });
      await store.waitFor();
      const picked = await poll(() => cartOf(page), (c) => c.info.shipping_method === "instore_pickup");
      expect(picked.info.shipping_data.location_id).toBe(Number(await store.inputValue()));
      expect(picked.totals.shipping.amount).toBe(0);
      expect(await page.getByTestId("total-shipping").innerText()).toBe("$0.00");

      // and the order is placed for pickup there
      await page.getByRole("radio", { name: "Check / Money order" }).click();
      const place = page.getByRole("button", { name: "Place Order" });
      await poll(() => place.isDisabled(), (d) => !d);
      const answer = nextPlaceAnswer(page);
      await place.click();
      const placed = (await (await answer).json()) as PlaceAnswer;
      expect(placed.status).toBe("success");
      expect(placed.order.shipping_method).toBe("instore_pickup");
      expect(placed.order.totals.grand_total.formatted).toBe(picked.totals.grand_total.formatted);
      await page.waitForURL("**/checkout/success");
      expect(await page.getByTestId("order-number").innerText()).toBe(placed.order.increment_id);
      expect(await headerCount(page, "0")).toBe("0");
    } finally {
      await close();
    }
  });

  it("checks the card before anything is sent: type, number and security code texts of the spec", async () => {
    const { page, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto(productPath(plain.url_key));
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await fillCheckout(page);
      await page.getByRole("radio", { name: /Standard Delivery/ }).click();
      await poll(() => cartOf(page), (c) => c.info.shipping_method === "flatrate_flatrate");
      await page.getByRole("radio", { name: "Credit Card" }).click();
      const form = page.getByTestId("card-form");
      await form.waitFor();
      await form.getByLabel("Card number").fill("4111 1111 1111 1111");
      expect(await form.getByLabel("Card type").inputValue()).toBe("VI");
      await form.getByLabel("Expiry month").selectOption("12");
      await form.getByLabel("Expiry year").selectOption(String(new Date().getFullYear() + 2));
      await form.getByLabel("Security code").fill("12");
      const place = page.getByRole("button", { name: "Place Order" });
      await place.click();
      await expect(page.getByTestId("card-error").innerText()).resolves.toBe("Invalid CVN length.");
      await form.getByLabel("Security code").fill("123");
      await form.getByLabel("Card type").selectOption("MC");
      await place.click();
      await expect(page.getByTestId("card-error").innerText()).resolves.toBe("Credit card type not accepted");
      await form.getByLabel("Card number").fill("4111 1111 1111 1112");
      await form.getByLabel("Card type").selectOption("VI");
      await place.click();
      await expect(page.getByTestId("card-error").innerText()).resolves.toBe("Credit card type/number mismatch.");
      // nothing was lost: the cart is whole
      expect((await cartOf(page)).info.qty).toBe(1);
    } finally {
      await close();
    }
  });
});

interface PlacedOrder {
  increment_id: string;
  status: string;
  email: string;
  coupon_code: string | null;
  shipping_method: string;
  payment: { method: string; data: Record<string, unknown> };
  totals: { discount: Total; grand_total: Total };
  order_total: Total;
  items: Array<{ product_id: number; qty: number; crosssell_parent_ids: number[] }>;
}
interface PlaceAnswer { order: PlacedOrder; status: string }

const DECLINED = "Unfortunately, we weren't able to process the payment.";

/** The answer of the next POST /cart/place the page makes (read as it passes, nothing changed). */
function nextPlaceAnswer(page: Page) {
  return page.waitForResponse((r) => r.url().endsWith("/api/rest/cart/place") && r.request().method() === "POST", { timeout: 30_000 });
}

/** Credit Card chosen and the card form filled with `number` (expiry two years on, CVN 123). */
async function fillCard(page: Page, number: string) {
  await page.getByRole("radio", { name: "Credit Card" }).click();
  const form = page.getByTestId("card-form");
  await form.waitFor();
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry month").selectOption("12");
  await form.getByLabel("Expiry year").selectOption(String(new Date().getFullYear() + 2));
  await form.getByLabel("Security code").fill("123");
}

/** The header's count once it reads `count`. */
async function headerCount(page: Page, count: string) {
  const read = () => page.getByTestId("header-cart-count").innerText();
  await poll(read, (t) => t === count);
  return read();
}

describe("placing the order", () => {
  it("a guest buys a product with an add-on and a coupon by sandbox card and lands on success with the order number", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await addWithOneAddOn(page);
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await page.goto("/checkout/cart");
      await page.getByRole("textbox", { name: "Coupon code" }).fill("SAVE10");
      await page.getByRole("button", { name: "Apply" }).click();
      await page.getByText("Coupon SAVE10 applied").waitFor();
      await fillCheckout(page);
      await page.getByRole("radio", { name: /Standard Delivery/ }).click();
      const before = await poll(() => cartOf(page), (c) => c.info.shipping_method === "flatrate_flatrate");
      expect(before.info.coupon_code).toBe("SAVE10");
      expect(before.totals.discount.amount).toBeGreaterThan(0);
      await fillCard(page, "4111 1111 1111 1111");

      const answer = nextPlaceAnswer(page);
      await page.getByRole("button", { name: "Place Order" }).click();
      const placed = (await (await answer).json()) as PlaceAnswer;
      expect(placed.status).toBe("success");
      await page.waitForURL("**/checkout/success");
      await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Thank you for your order!");
      const shown = await page.getByTestId("order-number").innerText();
      expect(shown).toMatch(/^\d+$/);
      expect(shown).toBe(placed.order.increment_id);
      expect(placed.order.status).toBe("processing");
      expect(placed.order.coupon_code).toBe("SAVE10");
      expect(placed.order.payment.method).toBe("authorizenet");
      expect(placed.order.totals.grand_total.formatted).toBe(before.totals.grand_total.formatted);
      // the add-on came along, tied to its main product
      expect(placed.order.items).toHaveLength(2);
      expect(placed.order.items.find((i) => i.product_id !== Number(withAddOn.entity_id))?.crosssell_parent_ids).toEqual([Number(withAddOn.entity_id)]);
      expect(await page.getByTestId("order-total").innerText()).toBe(before.totals.grand_total.formatted);
      const summary = await page.getByTestId("order-success").innerText();
      expect(summary).toContain("guest.journey@example.com");
      expect(summary).toContain(`Discount (SAVE10)\n−${before.totals.discount.formatted}`);
      expect(summary).toContain("Visa ending in 1111");
      expect(summary).toContain("1 Main St");
      expect(await headerCount(page, "0")).toBe("0");
      expect((await cartOf(page)).info.qty).toBe(0);
      // a reload still shows the order (this tab keeps it)
      await page.reload();
      await expect(page.getByTestId("order-number").innerText()).resolves.toBe(placed.order.increment_id);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("check / money order over $1,000.00 comes back suspicious and lands on confirmation showing the order", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto(productPath(withAddOn.url_key));
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await page.goto("/checkout/cart");
      await page.getByTestId("cart-line").first().waitFor();
      // enough of it to pass the $1,000.00 review threshold
      const wanted = Math.floor(100_000 / Math.round(withAddOn.prices.final_price_without_tax * 100)) + 1;
      for (let qty = 1; qty < wanted; qty++) {
        await page.getByRole("button", { name: "Increase quantity" }).click();
        await poll(() => cartOf(page), (c) => c.info.qty === qty + 1);
      }
      await fillCheckout(page);
      await page.getByRole("radio", { name: /Standard Delivery/ }).click();
      const before = await poll(() => cartOf(page), (c) => c.info.shipping_method === "flatrate_flatrate");
      expect(before.totals.grand_total.amount).toBeGreaterThan(1000);
      await page.getByRole("radio", { name: "Check / Money order" }).click();
      const place = page.getByRole("button", { name: "Place Order" });
      await poll(() => place.isDisabled(), (d) => !d);

      const answer = nextPlaceAnswer(page);
      await place.click();
      const placed = (await (await answer).json()) as PlaceAnswer;
      expect(placed.status).toBe("suspicious");
      await page.waitForURL("**/checkout/confirmation");
      const result = page.getByTestId("order-confirmation");
      await result.waitFor();
      await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("We have received your order");
      expect(await page.getByTestId("order-number").innerText()).toBe(placed.order.increment_id);
      expect(placed.order.payment.method).toBe("checkmo");
      expect(await page.getByTestId("order-total").innerText()).toBe(before.totals.grand_total.formatted);
      expect(await result.innerText()).toContain("Check / Money order");
      expect(await result.innerText()).toContain(withAddOn.name);
      expect((await cartOf(page)).info.qty).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a declined card shows the spec's text and loses nothing; the approving card then places the order", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await page.goto(productPath(plain.url_key));
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await fillCheckout(page);
      await page.getByRole("radio", { name: /Standard Delivery/ }).click();
      const before = await poll(() => cartOf(page), (c) => c.info.shipping_method === "flatrate_flatrate");
      await fillCard(page, "4000 0000 0000 0002");

      const declined = nextPlaceAnswer(page);
      await page.getByRole("button", { name: "Place Order" }).click();
      expect((await declined).status()).toBe(402);
      const errors = page.getByTestId("place-order-errors");
      await errors.waitFor();
      expect(await errors.innerText()).toBe(DECLINED);
      expect(new URL(page.url()).pathname).toBe("/checkout");
      // the cart, its addresses and its choices are all still there, on the page and on the server
      const after = await cartOf(page);
      expect(after.info.qty).toBe(1);
      expect(after.info.email).toBe("guest.journey@example.com");
      expect(after.info.shipping_method).toBe("flatrate_flatrate");
      expect(after.totals.grand_total.formatted).toBe(before.totals.grand_total.formatted);
      const full = await apiJson<{ addresses: { billing: { formatted_text: string }; shipping: { same_as_billing?: boolean } }; payment: { method: string | null } }>(page, "/cart?embed=billing_address,shipping_address,payment");
      expect(full.addresses.billing.formatted_text).toContain("1 Main St");
      expect(full.addresses.shipping.same_as_billing).toBe(true);
      expect(full.payment.method).toBe("authorizenet");
      expect(await headerCount(page, "1")).toBe("1");
      expect(await page.getByTestId("shipping-same").innerText()).toContain("1 Main St");
      expect(await page.getByRole("radio", { name: /Standard Delivery/ }).isChecked()).toBe(true);
      expect(await page.getByRole("radio", { name: "Credit Card" }).isChecked()).toBe(true);
      expect(await page.getByTestId("card-form").getByLabel("Card number").inputValue()).toBe("4000 0000 0000 0002");

      await page.getByTestId("card-form").getByLabel("Card number").fill("4111 1111 1111 1111");
      const approved = nextPlaceAnswer(page);
      await page.getByRole("button", { name: "Place Order" }).click();
      const placed = (await (await approved).json()) as PlaceAnswer;
      expect(placed.status).toBe("success");
      await page.waitForURL("**/checkout/success");
      expect(await page.getByTestId("order-number").innerText()).toBe(placed.order.increment_id);
      expect(placed.order.items).toEqual([expect.objectContaining({ product_id: Number(plain.entity_id), qty: 1 })]);
      expect(await headerCount(page, "0")).toBe("0");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
