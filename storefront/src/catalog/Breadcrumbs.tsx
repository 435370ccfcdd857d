import Link from "next/link";
import styles from "./CatalogPage.module.css";

export { breadcrumbAncestors } from "./sections";

export interface Crumb { name: string; href: string }


/** Home › ancestors › current page. */
export default function Breadcrumbs({ items, current }: { items: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
      <ol>
        <li><Link href="/" prefetch={false}>Home</Link></li>
        {items.map((c) => (
          <li key={c.href}><Link href={c.href} prefetch={false}>{c.name}</Link></li>
        ))}
        <li><span aria-current="page">{current}</span></li>
      </ol>
    </nav>
  );
}
