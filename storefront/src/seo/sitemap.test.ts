import { describe, expect, it } from "vitest";
import type { SitemapPage } from "@store/contract";
import { entryPath, robotsTxt, sitemapFile, sitemapIndex, siteIndexed, siteOrigin } from "./sitemap";

const page = (n: number, entries: SitemapPage["entries"]): SitemapPage => ({ page: n, pages: 2, total: 10, entries });

describe("robots.txt", () => {
  it("keeps crawlers out of the whole store when site_index is off", () => {
    expect(robotsTxt({ site_index: "0" }, "https://shop.example")).toBe("User-agent: *\nDisallow: /\n");
    expect(siteIndexed({ site_index: "0" })).toBe(false);
  });
  it("otherwise allows the store but its private pages, and names the sitemap", () => {
    const text = robotsTxt({ site_index: "1" }, "https://shop.example");
    expect(text.split("\n")).toEqual(expect.arrayContaining(["User-agent: *", "Allow: /", "Disallow: /checkout", "Disallow: /customer/", "Sitemap: https://shop.example/sitemap.xml"]));
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
  it("names the configured site, else the address asked", () => {
    expect(siteOrigin({ base_url: "https://shop.example/store" }, new Request("http://127.0.0.1:3000/robots.txt"))).toBe("https://shop.example");
    expect(siteOrigin({ base_url: "" }, new Request("http://127.0.0.1:3000/robots.txt", { headers: { host: "shop.test:8080" } }))).toBe("http://shop.test:8080");
  });
});

describe("sitemap", () => {
  it("makes the storefront's addresses: categories, products, CMS pages (home is /), posts", () => {
    expect(entryPath({ type: "category", key: "refrigerators", lastmod: null })).toBe("/catalog/refrigerators");
    expect(entryPath({ type: "product", key: "a b", lastmod: null })).toBe("/product/a%20b");
    expect(entryPath({ type: "page", key: "help/returns", lastmod: null })).toBe("/help/returns");
    expect(entryPath({ type: "page", key: "home", lastmod: null })).toBeNull();
    expect(entryPath({ type: "post", key: "tips", lastmod: null })).toBe("/blog/tips");
  });
  it("starts its first file with the store's own pages; escapes addresses; dates are days", () => {
    const first = sitemapFile({ use_brands_page: true }, "https://shop.example", page(1, [{ type: "product", key: "r&d", lastmod: "2026-11-20T10:00:00.000Z" }]));
    expect(first).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(first).toContain("<url><loc>https://shop.example/</loc></url>");
    expect(first).toContain("<url><loc>https://shop.example/brands</loc></url>");
    expect(first).toContain("<url><loc>https://shop.example/product/r%26d</loc><lastmod>2026-11-20</lastmod></url>");
    const second = sitemapFile({ use_brands_page: false }, "https://shop.example", page(2, [{ type: "post", key: "x", lastmod: null }]));
    expect(second).not.toContain("<loc>https://shop.example/</loc>");
    expect(second).toContain("<loc>https://shop.example/blog/x</loc>");
  });
  it("indexes the files of a large catalogue", () => {
    expect(sitemapIndex("https://shop.example", 2)).toContain("<sitemap><loc>https://shop.example/sitemaps/2.xml</loc></sitemap>");
  });
});
