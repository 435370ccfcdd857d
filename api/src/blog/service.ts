import { and, desc, inArray, lte } from "drizzle-orm";
import type { BlogPost } from "@store/contract";
import { schema, type Db } from "../db/client";
import { badRequest } from "../http/errors";
import { sanitizeEditorHtml } from "../lib/sanitize";

const MAX_IDS = 100;

type Query = Record<string, string | string[] | undefined>;

/**
 * The post ids a /blog query asks for, or null for "the latest posts". Accepted forms:
 *   post_id=1,2
 *   filter[0][attribute]=post_id&filter[0][in]=1,2   (or filter[0][eq]=1)
 * Any other filter attribute, or an id that is not a positive number, is bad input.
 */
export function requestedPostIds(query: Query): number[] | null {
  const lists: string[] = [];
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(",") : v);
  const direct = first(query.post_id);
  if (direct !== undefined) lists.push(direct);
  const filters = new Map<string, { attribute?: string; in?: string; eq?: string }>();
  for (const [key, value] of Object.entries(query)) {
    const m = /^filter\[(\d{1,2})\]\[(attribute|in|eq)\]$/.exec(key);
    if (!m) {
      if (key.startsWith("filter")) throw badRequest(`Unsupported filter parameter '${key.slice(0, 40)}'.`);
      continue;
    }
    const f = filters.get(m[1]!) ?? {};
    f[m[2] as "attribute" | "in" | "eq"] = first(value);
    filters.set(m[1]!, f);
  }
  for (const f of filters.values()) {
    if (f.attribute !== "post_id") throw badRequest(`Posts can only be filtered on post_id, not '${(f.attribute ?? "").slice(0, 40)}'.`);
    const values = f.in ?? f.eq;
    if (values === undefined) throw badRequest("A post_id filter needs 'in' or 'eq' values.");
    lists.push(values);
  }
  if (lists.length === 0) return null;
  const ids: number[] = [];
  for (const part of lists.join(",").split(",")) {
    const v = part.trim();
    if (!v) continue;
    if (!/^\d{1,9}$/.test(v) || Number(v) === 0) throw badRequest(`'${v.slice(0, 20)}' is not a post id.`);
    if (!ids.includes(Number(v))) ids.push(Number(v));
  }
  if (ids.length > MAX_IDS) throw badRequest(`At most ${MAX_IDS} post ids may be asked for at once.`);
  return ids;
}

function toPost(row: typeof schema.blogPosts.$inferSelect): BlogPost {
  return {
    post_id: String(row.postId),
    url_key: row.urlKey,
    title: row.title,
    short_content: sanitizeEditorHtml(row.shortContent),
    content: sanitizeEditorHtml(row.content),
    image_url: row.imageUrl,
    author: row.author,
    published_at: row.publishedAt.toISOString(),
  };
}

/** Published blog posts: by id (in the order asked) or the latest. */
export class BlogService {
  constructor(private readonly db: Db) {}

  async posts(ids: number[] | null, limit: number): Promise<BlogPost[]> {
    const p = schema.blogPosts;
    const published = lte(p.publishedAt, new Date());
    if (ids === null) {
      const rows = await this.db.select().from(p).where(published).orderBy(desc(p.publishedAt), desc(p.postId)).limit(limit);
      return rows.map(toPost);
    }
    if (ids.length === 0) return [];
    const rows = await this.db.select().from(p).where(and(inArray(p.postId, ids), published));
    const byId = new Map(rows.map((r) => [r.postId, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is NonNullable<typeof r> => r !== undefined).map(toPost);
  }

}
