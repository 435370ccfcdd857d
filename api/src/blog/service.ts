import { and, desc, inArray, lte, type SQL } from "drizzle-orm";
import type { BlogPost } from "@store/contract";
import { schema, type Db } from "../db/client";
import { badRequest } from "../http/errors";
import { sanitizeEditorHtml } from "../lib/sanitize";

const MAX_KEYS = 100;
const URL_KEY = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;
const FILTER_ATTRIBUTES = ["post_id", "url_key"] as const;

type Query = Record<string, string | string[] | undefined>;
type FilterAttribute = (typeof FILTER_ATTRIBUTES)[number];

/** Which posts a /blog query names: by id or by url key (in the order asked), or null for "the latest". */
export type PostSelection = { by: "post_id"; ids: number[] } | { by: "url_key"; keys: string[] } | null;

/**
 * The posts a /blog query asks for. Accepted forms:
 *   post_id=1,2                 url_key=fridge-guide,tv-sizes
 *   filter[0][attribute]=post_id&filter[0][in]=1,2   (or filter[0][eq]=1; url_key likewise)
 * Any other filter attribute, an id that is not a positive number, a url key that is not one, or
 * ids and url keys in one request are bad input.
 */
export function requestedPosts(query: Query): PostSelection {
  const lists: Record<FilterAttribute, string[]> = { post_id: [], url_key: [] };
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(",") : v);
  for (const attribute of FILTER_ATTRIBUTES) {
    const direct = first(query[attribute]);
    if (direct !== undefined) lists[attribute].push(direct);
  }
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
    const attribute = FILTER_ATTRIBUTES.find((a) => a === f.attribute);
    if (!attribute) throw badRequest(`Posts can only be filtered on post_id or url_key, not '${(f.attribute ?? "").slice(0, 40)}'.`);
    const values = f.in ?? f.eq;
    if (values === undefined) throw badRequest(`A ${attribute} filter needs 'in' or 'eq' values.`);
    lists[attribute].push(values);
  }
  if (lists.post_id.length > 0 && lists.url_key.length > 0) throw badRequest("Filter posts by post_id or by url_key, not both.");
  const split = (parts: string[]) => [...new Set(parts.join(",").split(",").map((v) => v.trim()).filter(Boolean))];
  if (lists.url_key.length > 0) {
    const keys = split(lists.url_key);
    for (const key of keys) if (!URL_KEY.test(key)) throw badRequest(`'${key.slice(0, 40)}' is not a post url key.`);
    if (keys.length > MAX_KEYS) throw badRequest(`At most ${MAX_KEYS} posts may be asked for at once.`);
    return { by: "url_key", keys };
  }
  if (lists.post_id.length === 0) return null;
  const ids: number[] = [];
  for (const v of split(lists.post_id)) {
    if (!/^\d{1,9}$/.test(v) || Number(v) === 0) throw badRequest(`'${v.slice(0, 20)}' is not a post id.`);
    if (!ids.includes(Number(v))) ids.push(Number(v));
  }
  if (ids.length > MAX_KEYS) throw badRequest(`At most ${MAX_KEYS} post ids may be asked for at once.`);
  return { by: "post_id", ids };
}

type PostRow = typeof schema.blogPosts.$inferSelect;

function toPost(row: PostRow): BlogPost {
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

/** Published blog posts: by id or url key (in the order asked), or the latest, a page at a time. */
export class BlogService {
  constructor(private readonly db: Db) {}

  async posts(selection: PostSelection, limit: number, page = 1): Promise<BlogPost[]> {
    const p = schema.blogPosts;
    const published = lte(p.publishedAt, new Date());
    if (selection === null) {
      const rows = await this.db.select().from(p).where(published).orderBy(desc(p.publishedAt), desc(p.postId))
        .limit(limit).offset((page - 1) * limit);
      return rows.map(toPost);
    }
    // by id or by url key: the published ones among those asked for, in the order asked
    const rows = selection.by === "post_id"
      ? await this.inOrder(selection.ids, inArray(p.postId, selection.ids), published, (r) => r.postId)
      : await this.inOrder(selection.keys, inArray(p.urlKey, selection.keys), published, (r) => r.urlKey);
    return rows.map(toPost);
  }

  /** The rows matching `asked` and `published`, in the order of `keys` (each row's key by `keyOf`). */
  private async inOrder<K>(keys: K[], asked: SQL, published: SQL, keyOf: (row: PostRow) => K): Promise<PostRow[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.select().from(schema.blogPosts).where(and(asked, published));
    const byKey = new Map(rows.map((r) => [keyOf(r), r]));
    return keys.map((k) => byKey.get(k)).filter((r): r is PostRow => r !== undefined);
  }
}
