import type { SiteConfig } from "@store/contract";
import Carousel from "@/carousel/Carousel";
import { getPosmProducts } from "./data";
import ProductCard from "./ProductCard";
import styles from "./CatalogPage.module.css";

export { posmOptions } from "./sections";


const titleOf = (value: string) => value.replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** One carousel per posm set; a set that fails to load (logged) or has no products is hidden. */
export default async function PosmCarousels({ options, config }: { options: string[]; config: SiteConfig }) {
  if (options.length === 0) return null;
  const sets = await Promise.all(options.map(async (value) => ({ value, answer: await getPosmProducts(value) })));
  return (
    <>
      {sets.map(({ value, answer }) => {
        if (!answer || answer.products.length === 0) return null;
        const title = titleOf(value);
        return (
          <section key={value} className={styles.section} aria-label={title}>
            <h2 className={styles.posmTitle}>{title}</h2>
            <Carousel label={title}>
              {answer.products.map((p) => (
                <ProductCard key={p.entity_id} product={p} outletCallout={config.outlet_products_callout || "Open Box"} />
              ))}
            </Carousel>
          </section>
        );
      })}
    </>
  );
}
