import { z } from "zod";

/** Entries of one sitemap file (the sitemaps protocol allows 50,000; smaller files stay quick to build and fetch). */
export const SITEMAP_PAGE_SIZE = 10_000;

/** GET /sitemap: page (1…), limit (1…50,000, default SITEMAP_PAGE_SIZE). */
export const sitemapQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50_000).default(SITEMAP_PAGE_SIZE),
});

/**
 * What a sitemap lists, one page of it: categories, products, CMS pages and blog posts, in that
 * order, each with its key (category and product url key, page identifier, post url key) and
 * when it last changed where that is known. The storefront makes the addresses.
 */
export const sitemapPage = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  entries: z.array(z.object({
    type: z.enum(["category", "product", "page", "post"]),
    key: z.string(),
    lastmod: z.string().nullable(),
  })),
});
export type SitemapPage = z.infer<typeof sitemapPage>;
