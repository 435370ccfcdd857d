import type { Metadata } from "next";
import type { CmsPage, SiteConfig } from "@store/contract";
import { getConfig } from "@/shell/data";
import { cmsPageMetadata } from "@/shell/metadata";
import CmsPageView from "./CmsPageView";
import { getCmsPage } from "./data";
import { escapeHtml } from "@/lib/html";

/**
 * Pages the shell links to (spec 000 §2: Contact Us, the request-a-quote link) that are CMS pages
 * like any other: the store's own page when it has one, else this default content, built from the
 * same editor tags, so the link never leads to a 404.
 */
export const BUILT_IN_PAGES = {
  contact: (config: SiteConfig) => ({
    title: "Contact Us",
    content: [
      `<p>We are here to help. Call <avb-site-info data-key="phone"></avb-site-info> or send us a message.</p>`,
      `<div class="contact-layout"><div class="contact-layout__form"><avb-form data-form="contact"></avb-form></div>`,
      `<div class="contact-layout__info"><h2>${escapeHtml(config.store_label || "Our Store")}</h2><avb-store-info></avb-store-info></div></div>`,
    ].join(""),
  }),
  "request-quote": (config: SiteConfig) => ({
    title: config.request_quote_text || "Request More Info",
    content: `<p>Tell us what you need and we will get back to you with a quote.</p><avb-form data-form="request-quote"></avb-form>`,
  }),
} as const;
export type BuiltInPage = keyof typeof BUILT_IN_PAGES;

async function pageOf(identifier: BuiltInPage): Promise<{ config: SiteConfig; page: CmsPage }> {
  const [config, stored] = await Promise.all([getConfig(), getCmsPage(identifier)]);
  if (stored) return { config, page: stored };
  const { title, content } = BUILT_IN_PAGES[identifier](config);
  return {
    config,
    page: {
      page_id: "", identifier, title, content, content_heading: title, meta_description: "", meta_keywords: "",
      structured_data: "", no_index: false, published_revision_id: "",
    },
  };
}

export async function builtInPageMetadata(identifier: BuiltInPage): Promise<Metadata> {
  const { config, page } = await pageOf(identifier);
  return cmsPageMetadata(config, page, `/${identifier}`);
}

export async function BuiltInPageView({ identifier }: { identifier: BuiltInPage }) {
  const { config, page } = await pageOf(identifier);
  return <CmsPageView page={page} fallbackHeading={page.title || config.name} />;
}
