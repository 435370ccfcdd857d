import { ROOT_CATEGORY_ID, type Category, type MenuItem } from "@store/contract";
import { isSitePath } from "@/lib/paths";

/** A navigation node (spec 000 §3), derived from a category or a menu item. */
export interface NavNode {
  type: "category" | "menuItem";
  /** box: a plain list of links; column: children shown as titled columns (they have children themselves). */
  layout: "box" | "column";
  id: string;
  parent_id: string | null;
  name: string;
  path: string;
  target: string;
  icon_url: string;
  /** true when the path is a route of this storefront (client navigation), false for other sites. */
  isRoute: boolean;
  menuVisibility: boolean;
  placement: string;
  children: NavNode[];
}

/**
 * A menu entry as the page sends it to the browser: only what the links need, defaults left out
 * (the menu is drawn once from this on the server and once on hydration, instead of its whole
 * element tree travelling in the page's RSC payload beside its HTML).
 */
export interface MenuLink {
  /** name */
  n: string;
  /** href (a path of this storefront navigates on the client); none: a heading without a link */
  p?: string;
  /** target other than _self */
  t?: string;
  /** children shown as titled columns (they have children themselves) */
  col?: 1;
  c?: MenuLink[];
}

/** A navigation tree as compact menu links (what MainMenuBar draws). */
export function menuLinks(nodes: NavNode[]): MenuLink[] {
  return nodes.map((node) => {
    const link: MenuLink = { n: node.name };
    if (node.path) link.p = node.path;
    if (node.target && node.target !== "_self") link.t = node.target;
    if (node.children.length > 0) {
      link.c = menuLinks(node.children);
      if (node.layout === "column") link.col = 1;
    }
    return link;
  });
}

/** Path of a category page (spec 000 §2: menu links use /catalog/{url_key}). */
export const categoryPath = (category: Pick<Category, "url_key">) => `/catalog/${category.url_key}`;

const byPosition = <T extends { position: string }>(a: T, b: T) => (Number(a.position) || 0) - (Number(b.position) || 0);

const withLayout = (node: NavNode): NavNode => ({
  ...node,
  layout: node.children.some((child) => child.children.length > 0) ? "column" : "box",
});

/**
 * The category menu tree (spec 000 §5): only categories with include_in_menu '1', siblings sorted
 * by numeric position, the top level being the children of the root category '2'.
 * `maxDepth` limits nesting (1 = top level only).
 */
export function buildCategoryTree(categories: unknown, rootId: string = ROOT_CATEGORY_ID, maxDepth = Infinity): NavNode[] {
  if (!Array.isArray(categories)) return [];
  const shown = (categories as Category[]).filter((c) => c && c.include_in_menu === "1");
  const byParent = new Map<string, Category[]>();
  for (const c of shown) {
    const siblings = byParent.get(c.parent_id) ?? [];
    siblings.push(c);
    byParent.set(c.parent_id, siblings);
  }
  const visited = new Set<string>();
  const build = (parentId: string, depth: number): NavNode[] => {
    if (depth > maxDepth) return [];
    return [...(byParent.get(parentId) ?? [])].sort(byPosition).flatMap((c) => {
      if (visited.has(c.entity_id)) return []; // a cycle in bad data must not loop forever
      visited.add(c.entity_id);
      return [withLayout({
        type: "category",
        layout: "box",
        id: c.entity_id,
        parent_id: c.parent_id,
        name: c.name,
        path: categoryPath(c),
        target: "",
        icon_url: c.icon_url,
        isRoute: true,
        menuVisibility: true,
        placement: "",
        children: build(c.entity_id, depth + 1),
      })];
    });
  };
  return build(rootId, 1);
}

/**
 * The chain of ancestors of a category, nearest first, stopping at the root '2' (spec 000 §5).
 * Anything but an array yields an empty chain.
 */
export function categoryAncestors(categories: unknown, entityId: string, rootId: string = ROOT_CATEGORY_ID): Category[] {
  if (!Array.isArray(categories)) return [];
  const byId = new Map((categories as Category[]).map((c) => [c.entity_id, c]));
  const chain: Category[] = [];
  let parentId = byId.get(entityId)?.parent_id;
  while (parentId && parentId !== rootId && chain.length < 50) {
    const parent = byId.get(parentId);
    if (!parent) break;
    chain.push(parent);
    parentId = parent.parent_id;
  }
  return chain;
}

const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");

/** Where a menu item links: the override wins, and a bare path gets its leading slash. */
export function menuItemPath(item: Pick<MenuItem, "href_override" | "request_url">): string {
  const href = (item.href_override || item.request_url || "").trim();
  if (!href) return "";
  if (isExternal(href) || href.startsWith("/") || href.startsWith("#")) return href;
  return `/${href}`;
}

/** Menu items as a tree of navigation nodes, sorted by position; hidden items are left out. */
export function buildMenuItemTree(items: unknown): NavNode[] {
  if (!Array.isArray(items)) return [];
  const list = (items as MenuItem[]).filter((item) => item && item.top_menu_visibility !== "0");
  const ids = new Set(list.map((item) => item.node_id));
  const byParent = new Map<string, MenuItem[]>();
  for (const item of list) {
    const parent = item.parent_node_id && ids.has(item.parent_node_id) ? item.parent_node_id : "";
    const siblings = byParent.get(parent) ?? [];
    siblings.push(item);
    byParent.set(parent, siblings);
  }
  const visited = new Set<string>();
  const build = (parent: string): NavNode[] =>
    [...(byParent.get(parent) ?? [])].sort(byPosition).flatMap((item) => {
      if (visited.has(item.node_id)) return [];
      visited.add(item.node_id);
      const path = menuItemPath(item);
      return [withLayout({
        type: "menuItem",
        layout: "box",
        id: item.node_id,
        parent_id: item.parent_node_id,
        name: item.label,
        path,
        target: item.target,
        icon_url: item.icon_url,
        isRoute: isSitePath(path),
        menuVisibility: true,
        placement: item.placement,
        children: build(item.node_id),
      })];
    });
  return build("");
}
