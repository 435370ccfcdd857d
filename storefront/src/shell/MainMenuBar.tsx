"use client";

import type { ReactNode } from "react";
import { useClientNavigation } from "@/lib/clientNavigation";
import StaticMarkup from "@/lib/StaticMarkup";
import MenuEntry from "./MenuEntry";
import type { MenuLink } from "./menu";
import styles from "./MainMenu.module.css";

/**
 * A menu link is a plain anchor: the bar navigates on the client for its links itself
 * (useClientNavigation), so a hundred-odd links are not each a next/link instance.
 */
function NavLink({ node, name = node.n, className }: { node: MenuLink; name?: string; className?: string }) {
  if (!node.p) return <span className={className}>{name}</span>;
  const rel = node.t === "_blank" ? "noopener noreferrer" : undefined;
  return <a className={className} href={node.p} target={node.t} rel={rel}>{name}</a>;
}

function SubList({ nodes, depth }: { nodes: MenuLink[]; depth: number }) {
  return (
    <ul className={styles.subList} data-depth={depth}>
      {nodes.map((node, i) => (
        <li key={i} className={styles.subItem}>
          <NavLink node={node} className={node.c ? styles.columnTitle : styles.subLink} />
          {node.c && <SubList nodes={node.c} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
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
                <StaticMarkup className={styles.panelLinks}>
                  <NavLink node={node} name={`Shop all ${node.n}`} className={styles.shopAll} />
                  <SubList nodes={node.c} depth={2} />
                </StaticMarkup>
                {mega?.[i] ?? null}
              </div>
            ) : undefined}
          />
        ))}
      </ul>
    </nav>
  );
}
