import type { SearchZeroResults, SiteConfig } from "@store/contract";
import { PRODUCT_ITEMS, serverDrawnItems } from "@/carousel/settings";
import ListingCarousel from "@/catalog/ListingCarousel";
import ProductCard, { outletCalloutOf } from "@/catalog/ProductCard";
import { searchCall } from "@/catalog/data";
import { EMPTY_SEARCH } from "@/catalog/messages";
import {
  ZERO_RESULTS_CAROUSEL, ZERO_RESULTS_CATEGORIES, ZERO_RESULTS_HINT, ZERO_RESULTS_PRODUCTS, ZERO_RESULTS_SEARCHES,
} from "./messages";
import styles from "./ZeroResults.module.css";

const searchHref = (query: string) => `/search/${encodeURIComponent(query)}`;

/**
 * What a search that matched nothing shows instead of a bare sentence: searches other shoppers
 * made, the store's top categories, and the `search_zero_results` carousel of popular products.
 */
export default function ZeroResults({ term, zero, config }: { term: string; zero: SearchZeroResults; config: SiteConfig }) {
  const outletCallout = outletCalloutOf(config);
  // the first set is drawn; the rest is asked of the api (the same search) when the shopper reaches for it
  const drawn = zero.products.slice(0, serverDrawnItems(PRODUCT_ITEMS));
  const source = searchCall(term);
  return (
    <div className={styles.zero} data-zero-results="">
      <div className={styles.intro}>
        <p className={styles.none} role="status">{EMPTY_SEARCH(term)}</p>
        <p className={styles.hint}>{ZERO_RESULTS_HINT}</p>
      </div>
      {zero.searches.length > 0 && (
        <section className={styles.block} aria-labelledby="zero-searches">
          <h2 id="zero-searches" className={styles.heading}>{ZERO_RESULTS_SEARCHES}</h2>
          <ul className={styles.chips}>
            {zero.searches.map((s) => (
              <li key={s.query}><a className={styles.chip} href={searchHref(s.query)}>{s.query}</a></li>
            ))}
          </ul>
        </section>
      )}
      {zero.categories.length > 0 && (
        <section className={styles.block} aria-labelledby="zero-categories">
          <h2 id="zero-categories" className={styles.heading}>{ZERO_RESULTS_CATEGORIES}</h2>
          <ul className={styles.categories}>
            {zero.categories.map((c) => (
              <li key={c.entity_id}>
                <a className={styles.category} href={`/catalog/${encodeURIComponent(c.url_key)}`}>
                  <span className={styles.categoryName}>{c.name}</span>
                  <span className={styles.categoryCount}>{c.product_count.toLocaleString("en-US")} products</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {zero.products.length > 0 && (
        <section className={styles.block} aria-labelledby="zero-products" data-carousel-config={ZERO_RESULTS_CAROUSEL}>
          <h2 id="zero-products" className={styles.heading}>{ZERO_RESULTS_PRODUCTS}</h2>
          <ListingCarousel key={source} label={ZERO_RESULTS_PRODUCTS} drawn={drawn.map((p) => p.entity_id)} total={zero.products.length}
            source={source} field="zero_results.products" outletCallout={outletCallout}>
            {drawn.map((p) => <ProductCard key={p.entity_id} product={p} outletCallout={outletCallout} alwaysDrawn />)}
          </ListingCarousel>
        </section>
      )}
    </div>
  );
}
