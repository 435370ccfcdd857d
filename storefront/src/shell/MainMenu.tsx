import Link from "next/link";
import type { NavNode } from "./menu";
import MenuEntry from "./MenuEntry";
import CmsContent from "@/cms/CmsContent";
import styles from "./MainMenu.module.css";

/**
 * The main navigation: top-level entries in a bar; their children open in a panel on hover
 * (after the menu delay) and on keyboard focus, with no script needed; Escape closes them. On small
 * screens the same list shows as a stack inside the mobile menu panel, each entry expandable.
 */
function NavLink({ node, className }: { node: NavNode; className?: string }) {
  if (!node.path) return <span className={className}>{node.name}</span>;
  const external = !node.isRoute;
  const target = node.target && node.target !== "_self" ? node.target : undefined;
  const rel = target === "_blank" ? "noopener noreferrer" : undefined;
  if (external) return <a className={className} href={node.path} target={target} rel={rel}>{node.name}</a>;
  return <Link className={className} href={node.path} target={target} rel={rel} prefetch={false}>{node.name}</Link>;
}

function SubList({ nodes, depth }: { nodes: NavNode[]; depth: number }) {
  return (
    <ul className={styles.subList} data-depth={depth}>
      {nodes.map((node) => (
        <li key={`${node.type}-${node.id}`} className={styles.subItem}>
          <NavLink node={node} className={node.children.length > 0 ? styles.columnTitle : styles.subLink} />
          {node.children.length > 0 && <SubList nodes={node.children} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

/** The url_key of a category node (its path is /catalog/{url_key}); mega-menu blocks are keyed by it. */
export const megaKey = (node: NavNode) => (node.type === "category" ? node.path.replace(/^\/catalog\//, "") : "");

/**
 * `megaBlocks`: CMS content per category url_key (enableCmsMegaMenuContent): the editor's block
 * shows beside the category's columns in its panel.
 */
export default function MainMenu({ nodes, label = "Main", megaBlocks }: { nodes: NavNode[]; label?: string; megaBlocks?: Record<string, string> }) {
  if (nodes.length === 0) return null;
  return (
    <nav className={styles.nav} aria-label={label} id="main-menu">
      <ul className={styles.bar}>
        {nodes.map((node) => (
          <MenuEntry
            key={`${node.type}-${node.id}`}
            label={node.name}
            link={<NavLink node={node} className={styles.topLink} />}
            panel={node.children.length > 0 ? (
              <div className={styles.panelInner} data-layout={node.layout} data-mega={megaBlocks?.[megaKey(node)] ? "" : undefined}>
                <div className={styles.panelLinks}>
                  <NavLink node={{ ...node, name: `Shop all ${node.name}` }} className={styles.shopAll} />
                  <SubList nodes={node.children} depth={2} />
                </div>
                {megaBlocks?.[megaKey(node)] ? <CmsContent html={megaBlocks[megaKey(node)]} className={styles.mega} /> : null}
              </div>
            ) : undefined}
          />
        ))}
      </ul>
    </nav>
  );
}

/** A plain row of links (a secondary menu: the menu items of a dual-menu header). */
export function LinkMenu({ nodes, label }: { nodes: NavNode[]; label: string }) {
  if (nodes.length === 0) return null;
  return (
    <nav className={styles.linkMenu} aria-label={label}>
      <ul>
        {nodes.map((node) => <li key={`${node.type}-${node.id}`}><NavLink node={node} /></li>)}
      </ul>
    </nav>
  );
}

const initials = (name: string) => name.split(/\s+|&/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join("");

/** The kiosk's menu: top-level categories as large icon tiles (the category's icon_url, else its initials). */
export function IconMenu({ nodes, label = "Main" }: { nodes: NavNode[]; label?: string }) {
  if (nodes.length === 0) return null;
  return (
    <nav className={styles.iconMenu} aria-label={label} id="main-menu">
      <ul data-scroll-row>
        {nodes.map((node) => (
          <li key={`${node.type}-${node.id}`}>
            <Link href={node.path || "/"} prefetch={false} className={styles.iconTile}>
              {node.icon_url
                // eslint-disable-next-line @next/next/no-img-element
                ? <img src={node.icon_url} alt="" width={40} height={40} />
                : <span className={styles.iconInitials} aria-hidden="true">{initials(node.name)}</span>}
              <span>{node.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
