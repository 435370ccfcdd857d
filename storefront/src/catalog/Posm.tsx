import type { SiteConfig } from "@store/contract";
import Carousel from "@/carousel/Carousel";
import { getPosmProducts } from "./data";
import { PRODUCT_ITEMS, serverDrawnItems } from "@/carousel/settings";
import ProductCard from "./ProductCard";
import styles from "./CatalogPage.module.css";

export { posmOptions } from "./sections";


const titleOf = (value: string) => value.replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

/** Pictures of the first carousel loaded eagerly with high priority when it opens the page (its LCP). */
const PRIORITY_CARDS = 2;

/**
 * One carousel per posm set; a set that fails to load (logged) or has no products is hidden.
 * `eager`: the first carousel is the first thing on the page (no listing above it), so its first
 * pictures load with high priority.
 */
export default async function PosmCarousels({ options, config, eager = false }: { options: string[]; config: SiteConfig; eager?: boolean }) {
  if (options.length === 0) return null;
  const sets = await Promise.all(options.map(async (value) => ({ value, answer: await getPosmProducts(value) })));
  const first = sets.findIndex(({ answer }) => answer && answer.products.length > 0);
  return (
    <>
      {sets.map(({ value, answer }, index) => {
        if (!answer || answer.products.length === 0) return null;
        const title = titleOf(value);
        return (
          <section key={value} className={styles.section} aria-label={title}>
            <h2 className={styles.posmTitle}>{title}</h2>
            <Carousel label={title}>
              {answer.products.map((p, i) => (
                <ProductCard key={p.entity_id} product={p} outletCallout={config.outlet_products_callout || "Open Box"}
                  priority={eager && index === first && i < PRIORITY_CARDS} alwaysDrawn={i < serverDrawnItems(PRODUCT_ITEMS)} />
              ))}
            </Carousel>
          </section>
        );
      })}
    </>
  );
}
