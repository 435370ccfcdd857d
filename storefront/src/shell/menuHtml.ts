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
