import Link from "next/link";
import type { ReactNode } from "react";
import { menuLinks, type NavNode } from "./menu";
import MainMenuBar from "./MainMenuBar";
import { menuBarHtml, panelLinksHtml } from "./menuHtml";
import { markupRef, type Markup } from "@/lib/html";
import CmsContent from "@/cms/CmsContent";
import styles from "./MainMenu.module.css";

/** A link of the secondary menu: client navigation for paths of this storefront. */
function NavLink({ node, className }: { node: NavNode; className?: string }) {
  if (!node.path) return <span className={className}>{node.name}</span>;
  const external = !node.isRoute;
  const target = node.target && node.target !== "_self" ? node.target : undefined;
  const rel = target === "_blank" ? "noopener noreferrer" : undefined;
  if (external) return <a className={className} href={node.path} target={target} rel={rel}>{node.name}</a>;
  return <Link className={className} href={node.path} target={target} rel={rel} prefetch={false}>{node.name}</Link>;
}

/** The url_key of a category node (its path is /catalog/{url_key}); mega-menu blocks are keyed by it. */
export const megaKey = (node: NavNode) => (node.type === "category" ? node.path.replace(/^\/catalog\//, "") : "");

/**
 * The main navigation: top-level entries in a bar; their children open in a panel on hover
 * (after the menu delay) and on keyboard focus, with no script needed; Escape closes them. On small
 * screens the same list shows as a stack inside the mobile menu panel, each entry expandable.
 * The bar is written as markup (menuBarHtml) that MainMenuBar keeps and adds the behaviour to, so
 * the page carries the menu once, as its HTML. With editor content in its panels, MainMenuBar draws
 * the entries from compact ones (menuLinks) around the panels' links written as markup.
 *
 * `megaBlocks`: CMS content per category url_key (enableCmsMegaMenuContent): the editor's block
 * shows beside the category's columns in its panel.
 */
export default function MainMenu({ nodes, label = "Main", megaBlocks }: { nodes: NavNode[]; label?: string; megaBlocks?: Record<string, string> }) {
  if (nodes.length === 0) return null;
  const mega: Record<number, ReactNode> = {};
  nodes.forEach((node, i) => {
    const html = node.children.length > 0 ? megaBlocks?.[megaKey(node)] : undefined;
    if (html) mega[i] = <CmsContent html={html} className={styles.mega} />;
  });
  const links = menuLinks(nodes);
  // without editor content in its panels, the whole bar is written here as markup and, in a
  // document's render, carried once (lib/html)
  if (Object.keys(mega).length === 0) {
    const write = () => menuBarHtml(links, label);
    return <MainMenuBar label={label} bar={markupRef(write) ?? write()} />;
  }
  // the panels' links are written here and, in a document's render, carried once
  const panels: Record<number, Markup> = {};
  links.forEach((link, i) => {
    const panel = link.c ? markupRef(() => panelLinksHtml(link)) : undefined;
    if (!panel) return;
    panels[i] = panel;
    delete link.c;
  });
  const written = Object.keys(panels).length > 0;
  return <MainMenuBar nodes={links} label={label} mega={mega} panels={written ? panels : undefined} />;
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
