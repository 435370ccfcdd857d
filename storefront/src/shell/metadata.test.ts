import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONFIG, type CmsPage } from "@store/contract";
import { cmsPageMetadata, fullTitle, hreflangAlternates, siteMetadata } from "./metadata";

const page: CmsPage = {
  page_id: "1", identifier: "about-us", title: "About Us", content: "", content_heading: "About", meta_description: "About the store",
  meta_keywords: "about, store", structured_data: "", no_index: false, published_revision_id: "1",
};
const config = { ...DEFAULT_SITE_CONFIG, name: "Shop", title_prefix: "Shop - ", title_suffix: " | Best Prices", base_url: "https://shop.example.com/" };

describe("page metadata", () => {
  it("titles are title_prefix + page title + title_suffix", () => {
    expect(fullTitle(config, "About Us")).toBe("Shop - About Us | Best Prices");
    expect(cmsPageMetadata(config, page, "/about-us").title).toEqual({ absolute: "Shop - About Us | Best Prices" });
    expect(siteMetadata(config).title).toEqual({ template: "Shop - %s | Best Prices", default: "Shop - Shop | Best Prices" });
  });

  it("carries description, keywords and noindex", () => {
    const meta = cmsPageMetadata(config, { ...page, no_index: true }, "/about-us");
    expect(meta.description).toBe("About the store");
    expect(meta.keywords).toBe("about, store");
    expect(meta.robots).toEqual({ index: false, follow: true });
    expect(cmsPageMetadata(config, page, "/about-us").robots).toBeUndefined();
  });

  it("builds hreflang alternates from the configured sites", () => {
    const alt = hreflangAlternates({ hreflang: [{ locale: "fr_CA", url: "https://fr.example.com" }, { locale: "en-CA", url: "not a url" }] }, "/about-us");
    expect(alt).toEqual({ "fr-CA": "https://fr.example.com/about-us" });
    expect(hreflangAlternates({ hreflang: [] }, "/")).toBeUndefined();
  });

  it("uses the configured favicon", () => {
    expect(siteMetadata({ ...config, favicon: "/media/favicon.png" }).icons).toEqual({ icon: "/media/favicon.png" });
    expect(siteMetadata({ ...config, favicon: "" }).icons).toEqual({ icon: "/favicon.ico" });
  });
});
