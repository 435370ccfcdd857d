"use client";

import type { ReactNode } from "react";
import { useClientNavigation } from "@/lib/clientNavigation";
import { element, escapeHtml } from "@/lib/html";
import StaticMarkup from "@/lib/StaticMarkup";
import MenuEntry from "./MenuEntry";
import type { MenuLink } from "./menu";
import styles from "./MainMenu.module.css";

/** A menu link's anchor attributes; an entry with no path is a heading, not a link (null). */
function linkAttributes(node: MenuLink) {
  return node.p ? { href: node.p, target: node.t, rel: node.t === "_blank" ? "noopener noreferrer" : undefined } : null;
}

/**
 * A menu link is a plain anchor: the bar navigates on the client for its links itself
 * (useClientNavigation), so a hundred-odd links are not each a next/link instance.
 */
function NavLink({ node, className }: { node: MenuLink; className?: string }) {
  const link = linkAttributes(node);
  return link ? <a className={className} {...link}>{node.n}</a> : <span className={className}>{node.n}</span>;
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

/**
 * The main navigation bar drawn from compact entries: top-level entries in a bar; their children
 * open in a panel (MenuEntry adds the behaviour). `mega`: the editor's mega-menu content by
 * top-level index, rendered on the server.
 */
export default function MainMenuBar({ nodes, label, mega }: { nodes: MenuLink[]; label: string; mega?: Record<number, ReactNode> }) {
  const navigate = useClientNavigation();
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated link clicks (Enter on a link is a click)
    <nav className={styles.nav} aria-label={label} id="main-menu" onClick={navigate}>
      <ul className={styles.bar}>
        {nodes.map((node, i) => (
          <MenuEntry
            key={i}
            label={node.n}
            link={<NavLink node={node} className={styles.topLink} />}
            panel={node.c ? (
              <div className={styles.panelInner} data-layout={node.col ? "column" : "box"} data-mega={mega?.[i] ? "" : undefined}>
                {/* the many links of the panels: kept as the server wrote them, not hydrated */}
                <StaticMarkup className={styles.panelLinks} html={navLinkHtml(node, `Shop all ${node.n}`, styles.shopAll) + subListHtml(node.c, 2)} />
                {mega?.[i] ?? null}
              </div>
            ) : undefined}
          />
        ))}
      </ul>
    </nav>
  );
}
