import type { SiteConfig } from "@store/contract";
import { getPosmProducts, posmCall } from "./data";
import ListingCarousel from "./ListingCarousel";
import { PRODUCT_ITEMS, serverDrawnItems } from "@/carousel/settings";
import ProductCard, { outletCalloutOf, priorityImages } from "./ProductCard";
import ImagePreloads from "@/lib/ImagePreloads";
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
  const outletCallout = outletCalloutOf(config);
  const first = sets.findIndex(({ answer }) => answer && answer.products.length > 0);
  return (
    <>
      {sets.map(({ value, answer }, index) => {
        if (!answer || answer.products.length === 0) return null;
        const title = titleOf(value);
        const drawn = answer.products.slice(0, serverDrawnItems(PRODUCT_ITEMS));
        const source = posmCall(value);
        const priority = (i: number) => eager && index === first && i < PRIORITY_CARDS;
        const preloads = priorityImages(drawn, priority, outletCallout);
        return (
          <section key={value} className={styles.section} aria-label={title}>
            <h2 className={styles.posmTitle}>{title}</h2>
            {preloads.length > 0 && <ImagePreloads images={preloads} />}
            <ListingCarousel label={title} drawn={drawn.map((p) => p.entity_id)} total={answer.products.length} source={source} outletCallout={outletCallout}>
              {drawn.map((p, i) => (
                <ProductCard key={p.entity_id} product={p} outletCallout={outletCallout} priority={priority(i)} alwaysDrawn />
              ))}
            </ListingCarousel>
          </section>
        );
      })}
    </>
  );
}
