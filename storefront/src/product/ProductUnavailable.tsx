import Link from "next/link";
import ProductFetchFailed from "./ProductFetchFailed";
import { CONTINUE_SHOPPING_LABEL, PRODUCT_FETCH_ERROR, PRODUCT_UNAVAILABLE_TITLE, TRY_AGAIN_LABEL } from "./messages";
import styles from "./ProductPage.module.css";

/**
 * The product page when its product could not be fetched (the api down or failing, spec 002 §8):
 * the shop's header and footer stay, the page says so and offers to try again. Works without
 * scripts; with them the product id also joins the not-found list of the client state.
 */
export default function ProductUnavailable({ productKey, path }: { productKey: string; path: string }) {
  return (
    <section className={styles.unavailable} aria-labelledby="product-unavailable-title" data-product-unavailable={productKey}>
      <h1 id="product-unavailable-title" className={styles.name}>{PRODUCT_UNAVAILABLE_TITLE}</h1>
      <ProductFetchFailed productId={productKey} message={PRODUCT_FETCH_ERROR} className={styles.unavailableMessage} />
      <div className={styles.unavailableLinks}>
        {/* a plain anchor: a full page load asks the api again */}
        <a className="button button--primary" href={path}>{TRY_AGAIN_LABEL}</a>
        <Link className="button button--secondary" href="/catalog" prefetch={false}>{CONTINUE_SHOPPING_LABEL}</Link>
      </div>
    </section>
  );
}
