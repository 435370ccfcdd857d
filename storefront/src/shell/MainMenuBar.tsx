"use client";

import type { ReactNode } from "react";
import { useClientNavigation } from "@/lib/clientNavigation";
import type { Markup } from "@/lib/html";
import StaticMarkup from "@/lib/StaticMarkup";
import MenuEntry from "./MenuEntry";
import type { MenuLink } from "./menu";
import { linkAttributes, panelLinksHtml } from "./menuHtml";
import styles from "./MainMenu.module.css";

/**
 * A menu link is a plain anchor: the bar navigates on the client for its links itself
 * (useClientNavigation), so a hundred-odd links are not each a next/link instance.
 */
function NavLink({ node, className }: { node: MenuLink; className?: string }) {
  const link = linkAttributes(node);
  return link ? <a className={className} {...link}>{node.n}</a> : <span className={className}>{node.n}</span>;
}

/**
 * The main navigation bar drawn from compact entries: top-level entries in a bar; their children
 * open in a panel (MenuEntry adds the behaviour). `mega`: the editor's mega-menu content by
 * top-level index, rendered on the server.
 */
export default function MainMenuBar({ nodes, label, mega, panels }: {
  nodes: MenuLink[];
  label: string;
  mega?: Record<number, ReactNode>;
  /** the panels' links by top-level index, written on the server (their entries then come without children) */
  panels?: Record<number, Markup>;
}) {
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
            panel={node.c || panels?.[i] ? (
              <div className={styles.panelInner} data-layout={node.col ? "column" : "box"} data-mega={mega?.[i] ? "" : undefined}>
                {/* the many links of the panels: kept as the server wrote them, not hydrated */}
                <StaticMarkup className={styles.panelLinks} html={panels?.[i] ?? panelLinksHtml(node)} />
                {mega?.[i] ?? null}
              </div>
            ) : undefined}
          />
        ))}
      </ul>
    </nav>
  );
}
