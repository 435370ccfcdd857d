import { element, escapeHtml } from "@/lib/html";
import type { MenuLink } from "./menu";
import styles from "./MainMenu.module.css";

/** A menu link's anchor attributes; an entry with no path is a heading, not a link (null). */
export function linkAttributes(node: MenuLink) {
  return node.p ? { href: node.p, target: node.t, rel: node.t === "_blank" ? "noopener noreferrer" : undefined } : null;
}

/** A link of a panel as markup (the panels' hundreds of links are written as text: lib/html). */
function navLinkHtml(node: MenuLink, name: string, className: string | undefined): string {
  const link = linkAttributes(node);
  return link ? element("a", { class: className, ...link }, escapeHtml(name)) : element("span", { class: className }, escapeHtml(name));
}

function subListHtml(nodes: MenuLink[], depth: number): string {
  return element("ul", { class: styles.subList, "data-depth": depth }, nodes.map((node) => element("li", { class: styles.subItem },
    navLinkHtml(node, node.n, node.c ? styles.columnTitle : styles.subLink) + (node.c ? subListHtml(node.c, depth + 1) : ""))).join(""));
}

/** The links of a top-level entry's panel as markup: "Shop all" and its children's lists. */
export function panelLinksHtml(node: MenuLink): string {
  return navLinkHtml(node, `Shop all ${node.n}`, styles.shopAll) + subListHtml(node.c ?? [], 2);
}

/** The id of a top-level entry's panel (its expander's aria-controls); one menu of a label per page. */
export const panelId = (label: string, index: number) => `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-menu-panel-${index}`;

/** The expander's words for screen readers: "Show Kitchen sub-menu" (folded) or "Hide …" (open). */
export const expanderText = (name: string, expanded: boolean) => `${expanded ? "Hide" : "Show"} ${name} sub-menu`;

const EXPANDER_ICON = element("svg", { viewBox: "0 0 24 24", width: "20", height: "20", "aria-hidden": "true", focusable: "false" },
  element("path", { fill: "currentColor", d: "M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" }, ""));

/**
 * The whole bar's entries as markup, as MenuEntry draws them (with nothing open): each top-level
 * link, and for one with children its sub-menu button and its panel of links. MainMenuBar adds the
 * behaviour to the written markup.
 */
export function menuBarHtml(nodes: MenuLink[], label: string): string {
  return nodes.map((node, i) => {
    const link = navLinkHtml(node, node.n, styles.topLink);
    if (!node.c) return element("li", { class: styles.item }, link);
    const id = panelId(label, i);
    const expander = element("button", { type: "button", class: styles.expander, "aria-expanded": "false", "aria-controls": id },
      element("span", { class: "visually-hidden" }, escapeHtml(expanderText(node.n, false))) + EXPANDER_ICON);
    const panel = element("div", { id, class: styles.panel }, element("div", { class: styles.panelInner, "data-layout": node.col ? "column" : "box" },
      element("div", { class: styles.panelLinks }, panelLinksHtml(node))));
    return element("li", { class: styles.item, "data-has-children": "true" }, element("div", { class: styles.entryRow }, link + expander) + panel);
  }).join("");
}
