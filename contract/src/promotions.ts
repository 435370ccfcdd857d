import { z } from "zod";
import { plainText } from "./common";

/**
 * Promo banners (spec 000 §3, §7; 002 §7) and blog posts for category landings. Banner HTML and
 * post content are sanitised on the server.
 */
export const BANNER_ORDERS = ["end_date", "start_date", "position", "banner_id"] as const;
export const BANNER_DEFAULT_LIMIT = 12;

export const promoBanner = z.object({
  banner_id: z.string(),
  banner_type: z.string(),
  css: z.string(),
  content: z.string(),
  /** render hints; values seen: link_tile, custom */
  types: z.array(z.string()),
  category_id: z.string().nullable(),
  manufacturer: z.string().nullable(),
  display_mode: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  position: z.number().int(),
});
export type PromoBanner = z.infer<typeof promoBanner>;

export const bannerTypeParams = z.object({ type: plainText(100).pipe(z.string().trim().min(1)) });
export const bannerIdParams = z.object({ bannerId: z.string().trim().regex(/^\d{1,9}$/, "bannerId must be a number") });
export const bannersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(BANNER_DEFAULT_LIMIT),
  order: z.enum(BANNER_ORDERS).default("end_date"),
  displaymode: plainText(50).optional(),
  /** category id or url key */
  category: plainText(200).optional(),
  manufacturer: plainText(200).optional(),
});

export const blogPost = z.object({
  post_id: z.string(),
  url_key: z.string(),
  title: z.string(),
  short_content: z.string(),
  content: z.string(),
  image_url: z.string(),
  author: z.string(),
  published_at: z.string(),
});
export type BlogPost = z.infer<typeof blogPost>;
export const BLOG_DEFAULT_LIMIT = 10;
export const BLOG_MAX_LIMIT = 50;
/** Deepest page of the latest posts a /blog query may ask for (a page of one post is one post deep). */
export const BLOG_MAX_PAGE = 1_000_000;

/**
 * GET /blog. Posts by id (post_id=1,2 or filter[0][attribute]=post_id&filter[0][in]=1,2) or by url key
 * (url_key=a,b or filter[0][attribute]=url_key&filter[0][eq]=a), in the order asked; without
 * either, the latest posts, `limit` a page. Filter keys in bracket form pass through (loose object).
 */
export const blogQuery = z.looseObject({
  post_id: plainText(1000).optional(),
  url_key: plainText(2000).optional(),
  limit: z.coerce.number().int().min(1).max(BLOG_MAX_LIMIT).default(BLOG_DEFAULT_LIMIT),
  page: z.coerce.number().int().min(1).max(BLOG_MAX_PAGE).default(1),
});
