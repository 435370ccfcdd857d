import { cache } from "react";
import type { Category, CmsBlock, MenuItem, ScriptEntry, SiteConfig } from "@store/contract";
import { apiGetShared, pathParam } from "@/lib/api";

/**
 * Shell data calls. Memoised for one render (React `cache`), so the layout, the page and
 * generateMetadata share one answer, and shared between renders for a couple of seconds
 * (apiGetShared): a config change shows within seconds, with no rebuild.
 */

/** Site configuration; a failure here is a real error (the error page shows). */
export const getConfig = cache((): Promise<SiteConfig> => apiGetShared<SiteConfig>("/config"));

/** Categories; a failure is logged and an empty list used (spec 000 §7). */
export const getCategories = cache(async (): Promise<Category[]> => {
  try {
    const categories = await apiGetShared<Category[]>("/categories");
    return Array.isArray(categories) ? categories : [];
  } catch (error) {
    console.error("categories could not be loaded; the menu shows without them:", error);
    return [];
  }
});

/** Menu items; a failure is logged and an empty list used (spec 000 §7). */
export const getMenus = cache(async (): Promise<MenuItem[]> => {
  try {
    const items = await apiGetShared<MenuItem[]>("/menus");
    return Array.isArray(items) ? items : [];
  } catch (error) {
    console.error("menu items could not be loaded; the menu shows without them:", error);
    return [];
  }
});

/** One content block; a missing block is an empty block, and so is one that failed to load. */
export const getBlock = cache(async (identifier: string): Promise<CmsBlock> => {
  try {
    return await apiGetShared<CmsBlock>(`/blocks/${pathParam(identifier)}`);
  } catch (error) {
    console.error(`content block ${identifier} could not be loaded; it is left empty:`, error);
    return { identifier, block_id: "", content: "", title: "" };
  }
});

/** Script entries; a failure is logged and no scripts are added. */
export const getScripts = cache(async (): Promise<ScriptEntry[]> => {
  try {
    const entries = await apiGetShared<ScriptEntry[]>("/scripts");
    return Array.isArray(entries) ? entries : [];
  } catch (error) {
    console.error("scripts could not be loaded; the page shows without them:", error);
    return [];
  }
});

/** CMS block shown in the bottom notification bar when the store turns it on. */
export const BOTTOM_NOTIFICATION_BLOCK = "bottom-notification";

/** Blocks whose identifiers name a category's mega-menu content: megamenu-{url_key}. */
export const MEGA_MENU_PREFIX = "megamenu-";

/**
 * Mega-menu content by category url_key (enableCmsMegaMenuContent): one call for all blocks,
 * keeping those named megamenu-{url_key}. A failure leaves the menu without them.
 */
export const getMegaMenuBlocks = cache(async (): Promise<Record<string, string>> => {
  try {
    const blocks = await apiGetShared<Array<Pick<CmsBlock, "identifier" | "content">>>("/blocks");
    if (!Array.isArray(blocks)) return {};
    return Object.fromEntries(blocks
      .filter((b) => typeof b?.identifier === "string" && b.identifier.startsWith(MEGA_MENU_PREFIX) && b.content)
      .map((b) => [b.identifier.slice(MEGA_MENU_PREFIX.length), b.content]));
  } catch (error) {
    console.error("mega-menu content could not be loaded; the menu shows without it:", error);
    return {};
  }
});
