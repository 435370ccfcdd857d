import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { PromoBanner } from "@store/contract";
import { startLocalApi } from "@/test/localApi";
import Banners, { safeBannerCss } from "./Banners";
import { LOAD_FAILED_PREFIX, MISSING_TYPE_MESSAGE } from "./messages";

const banner = (id: string, types: string[], content: string, css = ""): PromoBanner => ({
  banner_id: id, banner_type: "category", css, content, types, category_id: null, manufacturer: null, display_mode: null,
  start_date: null, end_date: null, position: Number(id),
});

const TILE = banner("1", ["link_tile"], '<a class="link-tile" href="/catalog/laundry"><span class="link-tile__title">Laundry days</span></a>');
const CUSTOM = banner("2", ["custom"], '<div class="promo-tv"><h3>Mounting from $199</h3></div>', ".promo-tv{border:2px solid #1a4d8f}");
const PLAIN = banner("3", [], '<div class="promo-plain"><h3>0% APR</h3></div>', ".promo-plain{color:red}");

/** The rendered banner items: kind, whether a style element came with it, and the content. */
function items(html: string) {
  return [...html.matchAll(/<li[^>]*data-kind="([^"]+)"[^>]*>(.*?)<\/li>/g)].map((m) => ({
    kind: m[1], style: /<style>(.*?)<\/style>/.exec(m[2])?.[1] ?? null, html: m[2],
  }));
}

describe("promo banners", () => {
  it("render as a link tile, a custom-styled block or plain HTML depending on their types", () => {
    const html = renderToStaticMarkup(<Banners banners={[TILE, CUSTOM, PLAIN]} title="Promotions" />);
    expect(html).toContain('<h2 id="banners-title">Promotions</h2>');
    const [tile, custom, plain] = items(html);
    expect(tile).toMatchObject({ kind: "link_tile", style: null });
    expect(tile.html).toContain('<a class="link-tile" href="/catalog/laundry">');
    // the custom block brings its own css; plain HTML never does, even when the banner has css
    expect(custom).toMatchObject({ kind: "custom", style: ".promo-tv{border:2px solid #1a4d8f}" });
    expect(custom.html).toContain("<h3>Mounting from $199</h3>");
    expect(plain).toMatchObject({ kind: "html", style: null });
    expect(plain.html).toContain("<h3>0% APR</h3>");
    // link_tile wins over custom when a banner has both
    expect(items(renderToStaticMarkup(<Banners banners={[banner("4", ["custom", "link_tile"], "x", "a{}")]} />))[0]).toMatchObject({ kind: "link_tile", style: null });
  });

  it("keep a custom banner's css to plain rules", () => {
    expect(safeBannerCss(".a{color:red}")).toBe(".a{color:red}");
    for (const bad of ["@import 'x.css';", ".a{background:url(x.png)}", "</style><script>x()</script>", ".a{width:expression(alert(1))}", ".a{b:javascript:x}"]) {
      expect(safeBannerCss(bad), bad).toBe("");
    }
    const html = renderToStaticMarkup(<Banners banners={[banner("5", ["custom"], "<p>x</p>", ".a{background:url(https://example.com/x.png)}")]} />);
    expect(html).not.toContain("<style>");
  });

  it("render nothing without banners", () => {
    expect(renderToStaticMarkup(<Banners banners={[]} title="Promotions" />)).toBe("");
  });
});

describe("the banners of a type", () => {
  // a local api answering banner calls: banners for type 'category', a server error for 'broken'
  const requests: string[] = [];
  let api: Awaited<ReturnType<typeof startLocalApi>>;
  let PromoBanners: typeof import("./PromoBanners").default;

  beforeAll(async () => {
    api = await startLocalApi((req, res) => {
      requests.push(req.url ?? "");
      if (req.url?.startsWith("/api/rest/promobanners/bannertype/category")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify([TILE, PLAIN]));
        return;
      }
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ messages: { error: [{ message: "unavailable" }] } }));
    });
    PromoBanners = (await import("./PromoBanners")).default;
  });
  afterAll(() => api.close());
  afterEach(() => {
    vi.restoreAllMocks();
    requests.length = 0;
  });

  it("render nothing and say so in the console when the type is missing, without asking the api", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const type of [undefined, null, "", "   "]) {
      expect(await PromoBanners({ type, category: "appliances" }), String(type)).toBeNull();
    }
    expect(errors.mock.calls).toEqual(Array.from({ length: 4 }, () => [MISSING_TYPE_MESSAGE]));
    expect(requests).toEqual([]);
  });

  it("load the banners of the type for the category (api defaults: 12, by end date) and render them", async () => {
    const element = await PromoBanners({ type: "category", category: "appliances", title: "Promotions" });
    expect(requests).toEqual(["/api/rest/promobanners/bannertype/category?category=appliances"]);
    expect(items(renderToStaticMarkup(element!)).map((i) => i.kind)).toEqual(["link_tile", "html"]);
  });

  it("render nothing, and log the failure, when loading fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const element = await PromoBanners({ type: "broken", category: "appliances" });
    expect(renderToStaticMarkup(element!)).toBe("");
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]![0]).toBe(LOAD_FAILED_PREFIX);
  });
});
