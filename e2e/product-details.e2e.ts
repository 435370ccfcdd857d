/**
 * Product page details (spec 002 §2, §3, §4, §5, §8): the tabs open on Product Overview, the
 * reviews summary with its distribution and percent recommended, reordering and filtering the
 * reviews, pre-selected add-ons and a bundle's default selections, 360° views and videos in the
 * gallery, store stock of a configurable product waiting for a chosen option, the shipping
 * estimate, and the product fetch error when the api fails. Products are found through the
 * storefront's own /api/rest, and what the page shows is compared with what the api answers.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { apiJson, isHydrated, launchBrowser, openPage, startFailingStorefront } from "./harness";

interface Prices { final_price_without_tax: number; final_price_without_tax_formatted: string; poa: boolean; display_add_to_cart: boolean }
interface ListItem { entity_id: string; url_key: string; name: string; type_id: string; reviews_count: number; prices: Prices & { on_sale: boolean; special_to_date: string | null } }
interface Asset { asset_id: string; asset_type: string; url: string; thumb_url: string; label: string; position: number }
interface Detail extends ListItem {
  in_stock?: boolean;
  assets?: Asset[];
  crosssells?: Array<{ entity_id: string; name: string; pre_selected_add_on: boolean; prices: Prices }>;
  bundle_selection_attributes: Array<{
    option_id: string; title: string; required: boolean;
    selections: Array<{ selection_id: string; qty: number; is_default: boolean; product: { name: string; prices: Prices } }>;
  }>;
  attributes: Array<{ code: string; ordinal: number; options: Array<{ value: string; label: string; products: string[] }> }>;
  simple_products: Array<{ entity_id: string }>;
  configurable_default_simple_id: string | null;
  sku: string;
  categories: Array<{ url_key: string; assigned: boolean }>;
  relateds?: Array<{ entity_id: string }>;
  upsells?: Array<{ entity_id: string }>;
}
interface Review { title: string; rating: number; created_at: string }
interface ReviewsPage {
  reviews: Review[];
  summary: {
    review_summary: { rating: number; count: number };
    percent_recommended: number;
    ratings_distribution: Record<"five" | "four" | "three" | "two" | "one", number>;
  };
  page: { total: number };
}
interface StoreLocation { storelocationid: string; store_name: string }
interface ShippingEstimate { postcode: string; methods: Array<{ method_title: string; delivery_window: { label: string }; price: { amount: number; formatted: string } }> }

const baseUrl = inject("baseUrl");
const apiUrl = inject("apiUrl");
let browser: Browser;
let catalogue: ListItem[] = [];


const productPath = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const usd = (amount: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);

/**
 * The product page is interactive: its store stock names My Store (or says none is chosen), which
 * it does once its scripts run. Before that a click or a submitted form does nothing a shopper
 * would want (a form would even be sent to the server as a plain page request).
 */
async function interactive(page: Page) {
  await page.getByRole("region", { name: "Check store stock" }).getByText(/^(No store chosen yet\.|My Store:)/).waitFor();
}

/** Act until the page shows the outcome: the tabs become interactive on their own, a moment later. */
async function until(act: () => Promise<void>, done: () => Promise<boolean>) {
  await expect.poll(async () => {
    if (!(await done())) await act();
    return done();
  }).toBe(true);
}
const isSelected = async (tab: Locator) => (await tab.getAttribute("aria-selected")) === "true";

/** The first catalogue product (of the given types) whose detail passes `test`, read with `embed`. */
async function findDetail(page: Page, types: string[], embed: string, test: (detail: Detail) => boolean): Promise<Detail> {
  for (const item of catalogue.filter((p) => types.includes(p.type_id))) {
    const detail = await apiJson<Detail>(page, `/products/${item.entity_id}${embed ? `?embed=${embed}` : ""}`);
    if (test(detail)) return detail;
  }
  throw new Error(`the demo store has no ${types.join("/")} product with what this journey needs (${embed})`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { page, close } = await openPage(browser, baseUrl);
  try {
    await page.goto("/favicon.ico");
    for (let n = 1; n <= 3; n += 1) {
      const listing = await apiJson<{ products: ListItem[] }>(page, `/categories/default-category?embed=products&limit=100&page=${n}`);
      catalogue.push(...listing.products);
      if (listing.products.length < 100) break;
    }
    expect(catalogue.length).toBeGreaterThan(10);
  } finally {
    await close();
  }
});
afterAll(async () => {
  await browser?.close();
});

describe("tabs", () => {
  it("opens on Product Overview; arrow keys move to the next tab", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      const product = catalogue.find((p) => p.type_id === "simple")!;
      await page.goto(productPath(product.url_key));
      const tablist = page.getByRole("tablist", { name: "Product details" });
      const tabs = tablist.getByRole("tab");
      expect(await tabs.first().innerText()).toBe("Product Overview");
      const overview = tablist.getByRole("tab", { name: "Product Overview", exact: true });
      expect(await overview.getAttribute("aria-selected")).toBe("true");
      expect(await page.getByRole("tabpanel", { name: "Product Overview" }).isVisible()).toBe(true);
      expect(await page.locator("#specifications").isVisible()).toBe(false);
      expect(await tablist.locator("[aria-selected=true]").count()).toBe(1);

      const specifications = tablist.getByRole("tab", { name: "Specifications", exact: true });
      await until(async () => {
        await overview.focus();
        await page.keyboard.press("ArrowRight");
      }, () => isSelected(specifications));
      expect(await specifications.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator("#specifications").isVisible()).toBe(true);
      expect(await page.locator("#overview").isVisible()).toBe(false);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("reviews", () => {
  it("shows the summary with the ratings distribution and percent recommended, reorders and filters by rating", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      const product = [...catalogue].sort((a, b) => b.reviews_count - a.reviews_count)[0]!;
      expect(product.reviews_count).toBeGreaterThan(3);
      await page.goto(productPath(product.url_key));
      const reviewsApi = (query: string) => apiJson<ReviewsPage>(page, `/products/${product.entity_id}/reviews?embed=reviews&page=1${query}`);
      const first = await reviewsApi("");
      const { summary } = first;

      const tab = page.getByRole("tab", { name: `Reviews (${product.reviews_count})` });
      await until(() => tab.click(), () => isSelected(tab));
      const panel = page.locator("#reviews");
      await panel.waitFor();

      // the summary: average, count, percent recommended
      const average = (Math.round(summary.review_summary.rating * 10) / 10).toFixed(1);
      expect(await panel.getByText(`${average} out of 5`).first().isVisible()).toBe(true);
      expect(await panel.getByText(`${summary.review_summary.count} reviews`, { exact: true }).first().isVisible()).toBe(true);
      expect(await panel.getByText(/would recommend this product/).innerText()).toBe(`${summary.percent_recommended}% would recommend this product`);

      // the distribution, five to one, each with its count and share
      const table = panel.getByRole("table", { name: "Ratings distribution" });
      const rows = table.getByRole("row");
      expect(await rows.count()).toBe(5);
      const words = ["five", "four", "three", "two", "one"] as const;
      for (const [i, word] of words.entries()) {
        const stars = 5 - i;
        const n = summary.ratings_distribution[word];
        const percent = Math.round((n / summary.review_summary.count) * 100);
        expect(await rows.nth(i).getByRole("rowheader").innerText()).toBe(`${stars} ${stars === 1 ? "star" : "stars"}`);
        expect((await rows.nth(i).getByRole("cell").last().textContent())?.trim()).toBe(`${n} reviews (${percent}%)`);
      }

      const items = panel.locator("ol > li");
      const titles = () => items.locator("h4").allInnerTexts();
      const ratings = () => items.locator("[role=img]").evaluateAll((stars) => stars.map((s) => Number(/Rated ([\d.]+)/.exec(s.getAttribute("aria-label") ?? "")?.[1])));
      expect(await titles()).toEqual(first.reviews.map((r) => r.title));

      // another order: the list follows what the api answers for it
      const lowest = await reviewsApi("&order=lowest_rating");
      await panel.getByLabel("Sort by").selectOption({ label: "Lowest rating" });
      await expect.poll(ratings).toEqual(lowest.reviews.map((r) => r.rating));
      expect(await titles()).toEqual(lowest.reviews.map((r) => r.title));
      const shown = await ratings();
      expect(shown.every((r, i) => i === 0 || r >= shown[i - 1]!)).toBe(true);

      // only five-star reviews
      const five = await reviewsApi("&order=lowest_rating&rating=5");
      await panel.getByLabel("Rating", { exact: true }).selectOption({ label: "5 stars" });
      const heading = panel.getByRole("heading", { level: 3, name: /rated 5 stars$/ });
      await heading.waitFor();
      expect(await heading.innerText()).toBe(`${summary.ratings_distribution.five} reviews rated 5 stars`);
      expect(five.page.total).toBe(summary.ratings_distribution.five);
      await expect.poll(titles).toEqual(five.reviews.map((r) => r.title));
      expect(new Set(await ratings())).toEqual(new Set([5]));
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

/**
 * Records, before the page's scripts run, every date format the page builds for a time zone. The
 * first one a browser builds for a zone loads that zone's rules: 50 to 80 ms of one task in
 * Chromium here, which on a phone lands in the middle of hydration.
 */
async function recordZoneFormats(page: Page) {
  await page.addInitScript(() => {
    const zones: string[] = [];
    (window as unknown as { zoneFormats: string[] }).zoneFormats = zones;
    const note = (options: unknown) => {
      const zone = (options as { timeZone?: string } | undefined)?.timeZone;
      if (zone) zones.push(zone);
    };
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: [string?, Intl.DateTimeFormatOptions?]) { note(args[1]); return Reflect.construct(target, args); },
      apply(target, self, args: [string?, Intl.DateTimeFormatOptions?]) { note(args[1]); return Reflect.apply(target, self, args); },
    });
    for (const name of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"] as const) {
      const original = Date.prototype[name];
      Date.prototype[name] = function (this: Date, locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
        note(options);
        return original.call(this, locales, options);
      };
    }
  });
}
const zoneFormats = (page: Page) => page.evaluate(() => (window as unknown as { zoneFormats: string[] }).zoneFormats);
const laDay = (value: string) => new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "America/Los_Angeles" }).format(new Date(value));

describe("dates", () => {
  it("shows each review's day and a sale's end in Los Angeles time, written by the server: the page wakes up without building a time-zone format", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await recordZoneFormats(page);
      const reviewed = [...catalogue].sort((a, b) => b.reviews_count - a.reviews_count)[0]!;
      expect(reviewed.reviews_count).toBeGreaterThan(3);
      await page.goto(productPath(reviewed.url_key));
      await interactive(page);
      expect(await zoneFormats(page)).toEqual([]);
      const reviewsApi = (query: string) => apiJson<ReviewsPage>(page, `/products/${reviewed.entity_id}/reviews?embed=reviews&page=1${query}`);
      const first = await reviewsApi("");
      const panel = page.locator("#reviews");
      const days = () => panel.locator("ol > li time").allTextContents();
      expect(await days()).toEqual(first.reviews.map((r) => laDay(r.created_at)));
      expect((await days()).every((day) => /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(day))).toBe(true);
      // a page the browser fetches: its days are written there
      const lowest = await reviewsApi("&order=lowest_rating");
      const tab = page.getByRole("tab", { name: `Reviews (${reviewed.reviews_count})` });
      await until(() => tab.click(), () => isSelected(tab));
      await panel.getByLabel("Sort by").selectOption({ label: "Lowest rating" });
      await expect.poll(days).toEqual(lowest.reviews.map((r) => laDay(r.created_at)));

      const onSale = catalogue.find((p) => p.prices.on_sale && p.prices.special_to_date && !p.prices.poa);
      if (!onSale) throw new Error("the demo store has no product on sale with an end date");
      await page.goto(productPath(onSale.url_key));
      await interactive(page);
      expect(await zoneFormats(page)).toEqual([]);
      const ends = page.getByTestId("product-price").getByText(/^Sale ends /);
      // a value without a time of day shows as the day entered (spec 000 §9)
      const value = onSale.prices.special_to_date!;
      const dateOnly = /^\d{4}-\d{2}-\d{2}([T ]00:00(:00(\.0+)?)?(Z|[+-]00:?00)?)?$/.test(value);
      const shortDay = (instant: string, timeZone: string) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone }).format(new Date(instant));
      const day = dateOnly ? shortDay(value.slice(0, 10), "UTC") : shortDay(value, "America/Los_Angeles");
      expect(await ends.innerText()).toBe(`Sale ends ${day}`);
      expect(shortDay((await ends.locator("time").getAttribute("datetime"))!, "America/Los_Angeles")).toBe(day);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("add-ons and bundles", () => {
  it("starts with the pre-selected add-ons checked", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await page.goto("/favicon.ico");
      const product = await findDetail(page, ["simple"], "crosssells", (d) =>
        (d.crosssells ?? []).some((c) => c.pre_selected_add_on && !c.prices.poa));
      await page.goto(productPath(product.url_key));
      const addOns = page.getByRole("group", { name: "Add-ons" });
      await interactive(page);
      for (const addOn of product.crosssells!) {
        const box = addOns.getByRole("checkbox", { name: new RegExp(`^${escapeRe(addOn.name)}`) });
        expect(await box.isChecked(), addOn.name).toBe(addOn.pre_selected_add_on);
      }
      const preselected = product.crosssells!.filter((c) => c.pre_selected_add_on && !c.prices.poa);
      const total = preselected.reduce((sum, c) => sum + c.prices.final_price_without_tax, 0);
      expect(await addOns.getByText(/^Add-ons: /).innerText()).toBe(`Add-ons: ${usd(total)}`);

      // unchecking one takes it out of the total
      const first = preselected[0]!;
      await addOns.getByRole("checkbox", { name: new RegExp(`^${escapeRe(first.name)}`) }).uncheck();
      const rest = total - first.prices.final_price_without_tax;
      if (rest > 0) await expect.poll(() => addOns.getByText(/^Add-ons: /).innerText()).toBe(`Add-ons: ${usd(rest)}`);
      else await addOns.getByText(/^Add-ons: /).waitFor({ state: "detached" });
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("starts a bundle with its default selections chosen and totals them", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await page.goto("/favicon.ico");
      const bundle = await findDetail(page, ["bundle"], "", (d) => d.bundle_selection_attributes.some((o) => o.selections.some((s) => s.is_default)));
      await page.goto(productPath(bundle.url_key));
      await page.getByRole("heading", { name: "Choose your package" }).waitFor();
      let total = 0;
      for (const option of bundle.bundle_selection_attributes) {
        const group = page.getByRole("group", { name: new RegExp(`^${escapeRe(option.title)}`) });
        for (const selection of option.selections) {
          const name = new RegExp(`^${selection.qty > 1 ? `${selection.qty} × ` : ""}${escapeRe(selection.product.name)}`);
          const input = group.getByRole(option.required ? "radio" : "checkbox", { name });
          expect(await input.isChecked(), `${option.title}: ${selection.product.name}`).toBe(selection.is_default);
          if (selection.is_default) total += selection.product.prices.final_price_without_tax * selection.qty;
        }
      }
      expect(await page.getByTestId("bundle-total").innerText()).toBe(usd(total));
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("bundle price", () => {
  it("follows the selections a shopper unticks or changes, and the cart charges the price shown", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await page.goto("/favicon.ico");
      // a package in stock with an optional piece ticked by default (the 4-piece kitchen package has its microwave)
      const bundle = await findDetail(page, ["bundle"], "", (d) => Boolean(d.in_stock) && d.prices.display_add_to_cart
        && d.bundle_selection_attributes.some((o) => !o.required && o.selections.some((s) => s.is_default && s.product.prices.final_price_without_tax > 0)));
      const cents = (amount: number) => Math.round(amount * 100);
      const value = (pick: (o: Detail["bundle_selection_attributes"][number], s: Detail["bundle_selection_attributes"][number]["selections"][number]) => boolean) =>
        bundle.bundle_selection_attributes.reduce((sum, o) => sum + o.selections.filter((s) => pick(o, s)).reduce((v, s) => v + cents(s.product.prices.final_price_without_tax) * s.qty, 0), 0);
      const defaults = value((_, s) => s.is_default);
      const optional = bundle.bundle_selection_attributes.find((o) => !o.required && o.selections.some((s) => s.is_default))!;
      const left = optional.selections.find((s) => s.is_default)!;

      await page.goto(productPath(bundle.url_key));
      await interactive(page);
      const shown = () => page.getByTestId("final-price").innerText();
      expect(await shown()).toBe(bundle.prices.final_price_without_tax_formatted);

      // untick the optional piece: the package price loses that piece's share, its discount kept
      const group = page.getByRole("group", { name: new RegExp(`^${escapeRe(optional.title)}`) });
      await group.getByRole("checkbox", { name: new RegExp(`^${left.qty > 1 ? `${left.qty} × ` : ""}${escapeRe(left.product.name)}`) }).uncheck();
      const without = value((_, s) => s.is_default && s !== left);
      const expected = Math.round(cents(bundle.prices.final_price_without_tax) * without / defaults) / 100;
      expect(expected).toBeLessThan(bundle.prices.final_price_without_tax);
      await expect.poll(shown).toBe(usd(expected));
      expect(await page.getByTestId("bundle-total").innerText()).toBe(usd(without / 100));

      // the cart line costs what the page showed, without the piece left out
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      const cart = await apiJson<{ items: Record<string, { product_id: number; price: { amount: number }; bundle_selections: Array<{ selection_id: number }> }> }>(page, "/cart?embed=items");
      const line = Object.values(cart.items).find((l) => l.product_id === Number(bundle.entity_id))!;
      expect(line.price.amount).toBe(expected);
      expect(line.bundle_selections.map((s) => String(s.selection_id))).not.toContain(left.selection_id);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("gallery", () => {
  for (const kind of [
    { type: "image360", thumb: "360° view", describe: "a 360° view" },
    { type: "video", thumb: "Video", describe: "a video" },
  ] as const) {
    it(`shows ${kind.describe} among the pictures when the product has one`, async () => {
      const { page, pageErrors, close } = await openPage(browser, baseUrl);
      try {
        await page.goto("/favicon.ico");
        const product = await findDetail(page, ["simple"], "assets", (d) => (d.assets ?? []).some((a) => a.asset_type === kind.type));
        const assets = [...product.assets!].sort((a, b) => a.position - b.position);
        const index = assets.findIndex((a) => a.asset_type === kind.type);
        const asset = assets[index]!;
        await page.goto(productPath(product.url_key));

        const gallery = page.getByRole("region", { name: `${product.name} pictures` });
        const thumbs = gallery.getByRole("list", { name: "Choose a picture" }).getByRole("button");
        expect(await thumbs.count()).toBe(assets.length);
        const thumb = gallery.getByRole("button", { name: `${kind.thumb} ${index + 1} of ${assets.length}: ${asset.label}`, exact: true });
        await interactive(page);
        await thumb.click();
        await expect.poll(() => thumb.getAttribute("aria-current")).toBe("true");
        expect(await gallery.getByText(`${index + 1} / ${assets.length}`).innerText()).toContain(kind.thumb);
        if (kind.type === "video") {
          const video = gallery.locator("video");
          await video.waitFor();
          expect(await video.getAttribute("aria-label")).toBe(asset.label);
          expect(await video.getAttribute("controls")).not.toBeNull();
          expect(await video.locator("source").getAttribute("src")).toBe(asset.url);
          // the file is there and plays (it loads nothing before the shopper presses play)
          await video.evaluate((v: HTMLVideoElement) => { v.muted = true; return v.play(); });
          await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
          expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1);
        } else {
          const picture = gallery.getByRole("img", { name: asset.label, exact: true });
          await picture.waitFor();
          expect(decodeURIComponent((await picture.getAttribute("src")) ?? "")).toContain(asset.url);
        }
        expect(pageErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});

describe("store stock of a configurable product", () => {
  it("asks for no stock until an option is chosen, then for the chosen child's", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await page.goto("/favicon.ico");
      const product = await findDetail(page, ["configurable"], "", (d) => {
        const first = [...d.attributes].sort((a, b) => a.ordinal - b.ordinal)[0];
        return Boolean(first && first.options.filter((o) => o.products.length > 0).length > 1);
      });
      const attribute = [...product.attributes].sort((a, b) => a.ordinal - b.ordinal)[0]!;
      const option = attribute.options.find((o) => o.products.length > 0 && !o.products.includes(product.configurable_default_simple_id ?? ""))!;
      const [myStore] = await apiJson<StoreLocation[]>(page, "/locations?zip=90210");
      // a My Store is chosen, so stock would be asked for at once if there were a product to ask for
      await page.evaluate((store) => window.localStorage.setItem("my-store", JSON.stringify(store)), myStore);

      const asked: Array<{ url: string; afterChoice: boolean }> = [];
      let chosen = false;
      page.on("request", (request) => {
        if (/\/api\/rest\/products\/[^/]+\/inventory/.test(request.url())) asked.push({ url: request.url(), afterChoice: chosen });
      });
      await page.goto(productPath(product.url_key));
      const stock = page.getByRole("region", { name: "Check store stock" });
      await stock.getByText(`My Store: ${myStore!.store_name}`).waitFor();
      expect(await stock.getByText("Choose an option to check store stock.", { exact: true }).isVisible()).toBe(true);
      expect(await stock.getByRole("button", { name: "Check stock" }).count()).toBe(0);

      chosen = true;
      const myStoreStock = page.waitForRequest((r) => /\/inventory\?storelocationid=/.test(r.url()));
      await page.getByRole("radio", { name: option.label, exact: true }).check();
      // My Store's stock of the chosen child
      const childId = /\/products\/([^/]+)\/inventory/.exec((await myStoreStock).url())![1]!;
      expect(childId).not.toBe(product.entity_id);
      expect(option.products).toContain(childId);
      const mine = await apiJson<{ store_list: Array<{ qty: number; in_stock: boolean }> }>(page, `/products/${childId}/inventory?storelocationid=${myStore!.storelocationid}`);
      const entry = mine.store_list[0]!;
      await stock.getByText(`My Store: ${myStore!.store_name} — ${entry.in_stock && entry.qty > 0 ? `${entry.qty} in stock` : "Out of stock"}`).waitFor();
      await stock.getByLabel("ZIP code", { exact: true }).fill("90210");
      await stock.getByRole("button", { name: "Check stock" }).click();
      await stock.getByTestId("store-stock-list").waitFor();

      expect(asked.length).toBeGreaterThanOrEqual(2);
      expect(asked.filter((a) => !a.afterChoice)).toEqual([]);
      expect(asked.every((a) => new URL(a.url).pathname === `/api/rest/products/${childId}/inventory`)).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("shipping estimate", () => {
  it("shows the delivery options to a ZIP+4 code cut at the dash", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      const product = catalogue.find((p) => p.type_id === "simple" && !p.prices.poa)!;
      await page.goto(productPath(product.url_key));
      const expected = await apiJson<ShippingEstimate>(page, `/products/${product.entity_id}/shipping/90210?country_id=US`);
      expect(expected.methods.length).toBeGreaterThan(0);

      await interactive(page);
      const cart = page.waitForResponse((r) => r.url().endsWith("/api/rest/cart/shipping_address") && r.request().method() === "PUT");
      await page.getByLabel("Delivery ZIP code").fill("90210-1234");
      await page.getByRole("button", { name: "Estimate", exact: true }).click();
      const table = page.getByRole("table", { name: "Delivery options to 90210" });
      await table.waitFor();
      const rows = table.locator("tbody tr");
      expect(await rows.count()).toBe(expected.methods.length);
      for (const [i, method] of expected.methods.entries()) {
        expect(await rows.nth(i).locator("th, td").allInnerTexts()).toEqual([
          method.method_title, method.delivery_window.label, method.price.amount === 0 ? "Free" : method.price.formatted,
        ]);
      }
      // the cart's estimated shipping follows; whatever it answers, the estimate stays shown
      await cart;
      expect(await table.isVisible()).toBe(true);
      expect(await rows.count()).toBe(expected.methods.length);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("recommendations", () => {
  it("recommends the store's picks where a product has no related items, and not where it has", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await page.goto("/favicon.ico");
      const lonely = await findDetail(page, ["bundle", "simple"], "relateds,upsells", (d) => !d.relateds?.length && !d.upsells?.length);
      const category = lonely.categories.filter((c) => c.assigned).at(-1)!;
      const expected = await apiJson<{ products: Array<{ entity_id: string }> }>(page,
        `/personal/products?sku=${encodeURIComponent(lonely.sku)}&limit=12&product_type=${encodeURIComponent(category.url_key)}`);
      expect(expected.products.length).toBeGreaterThan(0);

      await page.goto(productPath(lonely.url_key));
      const carousel = page.getByRole("region", { name: "Recommended for you" });
      await carousel.waitFor();
      const ids = (region: Locator) => region.locator("article[data-product-id]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));
      // the first set is drawn; the rest come when the shopper reaches for the hydrated carousel
      await expect.poll(() => isHydrated(carousel)).toBe(true);
      await carousel.hover();
      await expect.poll(() => ids(carousel)).toEqual(expected.products.map((p) => p.entity_id));

      const linked = await findDetail(page, ["simple"], "relateds,upsells", (d) => (d.relateds?.length ?? 0) > 0);
      await page.goto(productPath(linked.url_key));
      await page.getByRole("heading", { level: 2, name: "Related products" }).waitFor();
      expect(await page.getByRole("heading", { level: 2, name: "Recommended for you" }).count()).toBe(0);
      // the demo's products have up to four related items: one set, all drawn by the server
      // (in its own Suspense boundary: the carousel may be revealed a moment after the heading)
      await expect.poll(() => ids(page.getByRole("region", { name: "Related products" }))).toEqual(linked.relateds!.map((p) => p.entity_id));
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("errors", () => {
  it("shows 'Unknown error occurred.' when the shipping estimate fails, and keeps the ZIP typed", async () => {
    const product = catalogue.find((p) => p.type_id === "simple" && !p.prices.poa)!;
    const shop = await startFailingStorefront(apiUrl, ({ path }) => /^\/api\/rest\/products\/[^/]+\/shipping\//.test(path));
    const { page, pageErrors, close } = await openPage(browser, shop.baseUrl);
    try {
      await page.goto(productPath(product.url_key));
      await interactive(page);
      await page.getByLabel("Delivery ZIP code").fill("90210");
      await page.getByRole("button", { name: "Estimate", exact: true }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Unknown error occurred." });
      await alert.waitFor();
      expect(await alert.innerText()).toBe("Unknown error occurred.");
      expect(shop.failed.some((p) => p.includes("/shipping/90210"))).toBe(true);
      expect(await page.getByLabel("Delivery ZIP code").inputValue()).toBe("90210");
      expect(await page.getByRole("table", { name: /Delivery options/ }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
      await shop.stop();
    }
  });

  it("shows the product fetch error in the page when the api fails, and a 404 for an unknown product", async () => {
    const product = catalogue.find((p) => p.type_id === "simple")!;
    const other = catalogue.find((p) => p.type_id === "simple" && p.entity_id !== product.entity_id)!;
    const productCall = new RegExp(`^/api/rest/products/${escapeRe(encodeURIComponent(product.url_key))}(\\?|$)`);
    const shop = await startFailingStorefront(apiUrl, ({ path }) => productCall.test(path));
    const { page, close } = await openPage(browser, shop.baseUrl);
    try {
      const response = await page.goto(productPath(product.url_key));
      expect(response?.status()).toBe(200);
      expect(shop.failed.some((p) => productCall.test(p))).toBe(true);
      // the shop's shell stays: header, footer, and the error where the product would be
      expect(await page.getByRole("banner").isVisible()).toBe(true);
      expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("This product could not be loaded");
      expect(await page.getByRole("main").getByRole("alert").innerText()).toBe("There was an error fetching products.");
      expect(await page.locator("[data-product-id]").count()).toBe(0);
      expect(await page.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(productPath(product.url_key));

      // an unknown product is still a real 404, and other products still show
      expect((await page.goto("/product/no-such-product-anywhere-0000"))?.status()).toBe(404);
      expect((await page.goto(productPath(other.url_key)))?.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(other.name);
    } finally {
      await close();
      await shop.stop();
    }
  });
});
