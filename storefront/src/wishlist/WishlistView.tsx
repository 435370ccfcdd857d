"use client";

import Image from "next/image";
import Link from "next/link";
import { useWishlist } from "./useWishlist";
import styles from "./WishlistView.module.css";

import { WISHLIST_EMPTY, WISHLIST_GUEST_NOTE } from "./messages";

const productHref = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;

/** The wishlist: the server's list for signed-in customers, the browser's list for guests. */
export default function WishlistView() {
  const { items, status, signedIn, setListed, pending, error } = useWishlist();
  if (status === "idle" || status === "pending") {
    return <p aria-live="polite">Loading your wishlist…</p>;
  }
  return (
    <div className={styles.view}>
      {signedIn === false ? (
        <p className={styles.note}>{WISHLIST_GUEST_NOTE}</p>
      ) : null}
      {error ? <p className={styles.error} role="alert">{error}</p> : null}
      {items.length === 0 ? (
        <p className={styles.empty}>{WISHLIST_EMPTY} <Link href="/catalog">Continue shopping</Link></p>
      ) : (
        <ul className={styles.list} aria-label="Saved products" data-testid="wishlist-items">
          {items.map(({ product_id: id, product }) => (
            <li key={id} className={styles.item} data-product-id={id}>
              {product ? (
                <>
                  <Link href={productHref(product.url_key)} className={styles.imageLink} tabIndex={-1} aria-hidden="true" prefetch={false}>
                    <Image src={product.image_url.small || product.image_url.normal} alt="" width={120} height={120} />
                  </Link>
                  <div className={styles.text}>
                    {product.manufacturer ? <p className={styles.brand}>{product.manufacturer}</p> : null}
                    <h2 className={styles.name}><Link href={productHref(product.url_key)} prefetch={false}>{product.name}</Link></h2>
                    <p className={styles.sku}>SKU {product.sku}</p>
                    <p className={styles.price}>
                      {product.prices.poa || !product.prices.display_price ? "Call for price" : product.prices.display_price.formatted}
                    </p>
                    <p className={product.in_stock ? styles.inStock : styles.outOfStock}>{product.in_stock ? "In stock" : "Out of stock"}</p>
                  </div>
                </>
              ) : (
                <div className={styles.text}><h2 className={styles.name}>Product {id}</h2></div>
              )}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void setListed(id, false)}
                disabled={pending.includes(id)}
              >
                Remove<span className="visually-hidden"> {product?.name ?? `product ${id}`} from your wishlist</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
