import Link from "next/link";
import type { NavNode } from "./menu";
import MenuEntry from "./MenuEntry";
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

export default function MainMenu({ nodes, label = "Main" }: { nodes: NavNode[]; label?: string }) {
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
              <div className={styles.panelInner} data-layout={node.layout}>
                <NavLink node={{ ...node, name: `Shop all ${node.name}` }} className={styles.shopAll} />
                <SubList nodes={node.children} depth={2} />
              </div>
            ) : undefined}
          />
        ))}
      </ul>
    </nav>
  );
}
