import { asc, eq, ne, and } from "drizzle-orm";
import type { Category, CmsBlock, CmsPage, MenuItem, ScriptEntry } from "@store/contract";
import { schema, type Db } from "../db/client";
import { sanitizeEditorHtml } from "../lib/sanitize";
import { notFound } from "../http/errors";
import { assertValidContent } from "./content-check";
import { isStructuredDataBlock } from "./identifiers";

export const PAGE_NOT_FOUND = "The page you requested was not found.";

const str = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n));

/** Categories, menus, blocks, pages and scripts: the content the shell is built from. */
export class CmsService {
  constructor(private readonly db: Db) {}

  async categories(): Promise<Category[]> {
    const c = schema.categories;
    const rows = await this.db
      .select({
        entityId: c.entityId, parentId: c.parentId, urlKey: c.urlKey, name: c.name, level: c.level,
        iconUrl: c.iconUrl, includeInMenu: c.includeInMenu, position: c.position,
      })
      .from(c)
      .where(ne(c.entityId, 1)) // the invisible root of roots
      .orderBy(asc(c.level), asc(c.position), asc(c.entityId));
    return rows.map((r) => ({
      entity_id: String(r.entityId),
      parent_id: str(r.parentId) ?? "0",
      url_key: r.urlKey,
      name: r.name,
      level: r.level,
      icon_url: r.iconUrl,
      include_in_menu: r.includeInMenu,
      position: String(r.position),
    }));
  }

  async menus(): Promise<MenuItem[]> {
    const m = schema.menuItems;
    const rows = await this.db.select().from(m).orderBy(asc(m.position), asc(m.nodeId));
    return rows.map((r) => ({
      node_id: String(r.nodeId),
      parent_node_id: str(r.parentNodeId),
      label: r.label,
      request_url: r.requestUrl,
      href_override: r.hrefOverride,
      target: r.target,
      icon_url: r.iconUrl,
      top_menu_visibility: r.topMenuVisibility,
      placement: r.placement,
      position: String(r.position),
    }));
  }

  async blocks(): Promise<Array<Pick<CmsBlock, "identifier" | "content">>> {
    const b = schema.cmsBlocks;
    const rows = await this.db.select({ identifier: b.identifier, content: b.content }).from(b).where(eq(b.isActive, true)).orderBy(asc(b.identifier));
    return rows.map((r) => ({ identifier: r.identifier, content: sanitizeEditorHtml(r.content) }));
  }

  /** A block that does not exist (or is switched off) is an empty block, never an error. */
  async block(identifier: string): Promise<CmsBlock> {
    const b = schema.cmsBlocks;
    const [row] = await this.db.select().from(b).where(and(eq(b.identifier, identifier), eq(b.isActive, true))).limit(1);
    if (!row) return { identifier, block_id: "", content: "", title: "" };
    // JSON-LD blocks (seo-…-sd) carry a script body, not markup: leave their text as stored
    const content = isStructuredDataBlock(identifier) ? row.content : sanitizeEditorHtml(row.content);
    return { identifier: row.identifier, block_id: String(row.blockId), content, title: row.title };
  }

  async page(identifier: string): Promise<CmsPage> {
    const p = schema.cmsPages;
    const [row] = await this.db.select().from(p).where(and(eq(p.identifier, identifier), eq(p.isActive, true))).limit(1);
    if (!row) throw notFound(PAGE_NOT_FOUND);
    return {
      page_id: String(row.pageId),
      identifier: row.identifier,
      title: row.title,
      content: sanitizeEditorHtml(row.content),
      content_heading: row.contentHeading,
      meta_description: row.metaDescription,
      meta_keywords: row.metaKeywords,
      structured_data: row.structuredData,
      no_index: row.noIndex,
      published_revision_id: String(row.publishedRevisionId),
    };
  }

  /**
   * Writes a block (new or replacing the one with its identifier). Content that breaks the rules
   * of spec 000 §5 is refused with every reason (InvalidContentError); nothing is written then.
   */
  async saveBlock(block: { identifier: string; title?: string; content: string; isActive?: boolean }): Promise<void> {
    assertValidContent([{ kind: "block", identifier: block.identifier, content: block.content }]);
    // sanitised on write as well as on read: what is stored is what may be shown
    const content = isStructuredDataBlock(block.identifier) ? block.content : sanitizeEditorHtml(block.content);
    const values = { identifier: block.identifier, title: block.title ?? "", content, isActive: block.isActive ?? true };
    await this.db.insert(schema.cmsBlocks).values(values).onConflictDoUpdate({ target: schema.cmsBlocks.identifier, set: values });
  }

  /** Writes a page (new or replacing the one with its identifier), refusing invalid content as saveBlock does. */
  async savePage(page: typeof schema.cmsPages.$inferInsert): Promise<void> {
    assertValidContent([{ kind: "page", identifier: page.identifier, content: page.content ?? "" }]);
    const { pageId: _id, ...rest } = page;
    const values = { ...rest, content: sanitizeEditorHtml(rest.content ?? "") };
    await this.db.insert(schema.cmsPages).values(values).onConflictDoUpdate({ target: schema.cmsPages.identifier, set: values });
  }

  /** Script entries as a tree: children hang under their parent_id. */
  async scripts(): Promise<ScriptEntry[]> {
    const s = schema.scripts;
    const rows = await this.db.select().from(s).orderBy(asc(s.scriptId));
    const entries = new Map<number, ScriptEntry>();
    for (const r of rows) {
      entries.set(r.scriptId, {
        script_id: String(r.scriptId),
        parent_id: str(r.parentId),
        location: r.location === "body" ? "body" : "head",
        cms_pages: r.cmsPages,
        force_reload: r.forceReload,
        html_attribs: r.htmlAttribs,
        script_name: r.scriptName,
        source: r.source === "url" ? "url" : "inline",
        script: r.script,
        type: r.type,
        additional_html: r.additionalHtml,
        children: [],
      });
    }
    const roots: ScriptEntry[] = [];
    for (const r of rows) {
      const entry = entries.get(r.scriptId)!;
      const parent = r.parentId === null ? undefined : entries.get(r.parentId);
      (parent ? parent.children : roots).push(entry);
    }
    return roots;
  }
}

export { isStructuredDataBlock } from "./identifiers";
