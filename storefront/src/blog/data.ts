import { cache } from "react";
import type { BlogPost } from "@store/contract";
import { ApiError, apiGet, pathParam } from "@/lib/api";
import { BLOG_FETCH_ERROR } from "@/catalog/messages";

/** Posts a page of /blog lists. */
export const BLOG_PAGE_SIZE = 12;
/** Longest url key the api accepts for a post. */
const MAX_URL_KEY = 200;

export const blogPath = (urlKey?: string) => (urlKey ? `/blog/${encodeURIComponent(urlKey)}` : "/blog");
export const blogPageHref = (page: number) => (page > 1 ? `/blog?page=${page}` : "/blog");

/** A bracket-form filter query (`filter[0][attribute]=…`), brackets percent-encoded. */
const filterQuery = (attribute: string, op: "in" | "eq", value: string) =>
  `filter%5B0%5D%5Battribute%5D=${attribute}&filter%5B0%5D%5B${op}%5D=${encodeURIComponent(value)}`;

/** Blog posts by id, in that order (a landing's blogs section); a failure is logged and yields an empty list. */
export const getBlogPosts = cache(async (ids: string): Promise<BlogPost[]> => {
  if (!ids) return [];
  try {
    const posts = await apiGet<BlogPost[]>(`/blog?${filterQuery("post_id", "in", ids)}`);
    return Array.isArray(posts) ? posts : [];
  } catch (error) {
    console.error(BLOG_FETCH_ERROR, error);
    return [];
  }
});

/**
 * One published post by url key, or null when there is none (the api answers no post, or 400
 * for something that cannot be a url key). Any other failure is logged and thrown, so the shopper
 * sees the error page rather than a false 404.
 */
export const getBlogPost = cache(async (urlKey: string): Promise<BlogPost | null> => {
  if (!urlKey.trim() || urlKey.length > MAX_URL_KEY) return null;
  try {
    const posts = await apiGet<BlogPost[]>(`/blog?${filterQuery("url_key", "eq", urlKey)}`);
    return (Array.isArray(posts) ? posts : []).find((p) => p.url_key === urlKey) ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return null;
    console.error(BLOG_FETCH_ERROR, error);
    throw error;
  }
});

/**
 * A page of the latest posts, newest first, and whether older posts follow (the post just after
 * this page, asked for on its own). A failure is logged and thrown (the error page shows).
 */
export const getBlogPage = cache(async (page: number): Promise<{ posts: BlogPost[]; hasOlder: boolean }> => {
  try {
    const [posts, next] = await Promise.all([
      apiGet<BlogPost[]>(`/blog?limit=${BLOG_PAGE_SIZE}&page=${page}`),
      apiGet<BlogPost[]>(`/blog?limit=1&page=${page * BLOG_PAGE_SIZE + 1}`),
    ]);
    return { posts: Array.isArray(posts) ? posts : [], hasOlder: Array.isArray(next) && next.length > 0 };
  } catch (error) {
    console.error(BLOG_FETCH_ERROR, error);
    throw error;
  }
});

/** The page number of a /blog query: a whole number from 1 to 9999, else null (not a page of the blog). */
export function blogPageNumber(value: string | string[] | undefined): number | null {
  if (value === undefined) return 1;
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || !/^\d{1,4}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 ? n : null;
}

