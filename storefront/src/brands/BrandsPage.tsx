import Image from "next/image";
import Link from "next/link";
import type { BrandSummary } from "@store/contract";
import { brandHref, byInitial } from "./data";
import { BRANDS_FAILED, BRANDS_INTRO, BRANDS_TITLE } from "./messages";
import styles from "./Brands.module.css";

/**
 * The brands page (config use_brands_page): every brand with products, under its initial, each
 * with its logo, product count and a link to its special catalogue; letters at the top jump to
 * their group.
 */
export default function BrandsPage({ brands, specialCatalogs, locale }: { brands: BrandSummary[] | null; specialCatalogs: boolean; locale: string }) {
  const groups = byInitial(brands ?? []);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{BRANDS_TITLE}</h1>
        <p className={styles.intro}>{BRANDS_INTRO}</p>
      </header>
      {brands === null ? <p className={styles.error} role="alert">{BRANDS_FAILED}</p> : null}
      {groups.length > 1 ? (
        <nav aria-label="Brands by letter" className={styles.letters}>
          <ul>
            {groups.map((g) => <li key={g.initial}><a href={`#brands-${g.initial === "#" ? "other" : g.initial}`}>{g.initial}</a></li>)}
          </ul>
        </nav>
      ) : null}
      {groups.map((group) => {
        const id = `brands-${group.initial === "#" ? "other" : group.initial}`;
        return (
          <section key={group.initial} aria-labelledby={`${id}-title`} className={styles.group} id={id}>
            <h2 id={`${id}-title`} className={styles.initial}>{group.initial}</h2>
            <ul className={styles.grid}>
              {group.brands.map((brand) => (
                <li key={brand.url_key}>
                  <Link href={brandHref(brand.url_key, specialCatalogs)} className={styles.brand} prefetch={false} data-brand={brand.url_key}>
                    <span className={styles.logoBox}>
                      {brand.logo_url ? (
                        <Image src={brand.logo_url} alt="" width={160} height={64} className={styles.logo} />
                      ) : (
                        <span className={styles.monogram} aria-hidden="true">{brand.name.trim().charAt(0).toUpperCase()}</span>
                      )}
                    </span>
                    <span className={styles.name}>{brand.name}</span>
                    <span className={styles.count}>
                      {brand.product_count.toLocaleString(locale)} {brand.product_count === 1 ? "product" : "products"}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
