"use client";

import Image from "next/image";
import Link from "next/link";
import { useEffect, useState } from "react";
import type { ProductDetail } from "@store/contract";
import { clientGet, clientPathParam } from "@/lib/client-api";
import { COMPARE_MAX } from "./compareList";
import { compareRows } from "./rows";
import { useCompare } from "./useCompare";
import styles from "./CompareView.module.css";

import { COMPARE_EMPTY } from "./messages";
const PRODUCT_FETCH_ERROR = "There was an error fetching products.";

const productHref = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;

type Loaded = { status: "ok"; product: ProductDetail } | { status: "error" } | { status: "pending" };

/** Products side by side: one column per product, one row per attribute any of them has. */
export default function CompareView() {
  const { ids, loaded, remove, clear } = useCompare();
  const [products, setProducts] = useState<Record<string, Loaded>>({});

  useEffect(() => {
    for (const id of ids) {
      if (products[id]) continue;
      setProducts((now) => ({ ...now, [id]: { status: "pending" } }));
      clientGet<ProductDetail>(`/products/${clientPathParam(id)}`).then(
        (product) => setProducts((now) => ({ ...now, [id]: { status: "ok", product } })),
        () => setProducts((now) => ({ ...now, [id]: { status: "error" } })),
      );
    }
  }, [ids, products]);

  if (!loaded) return <p aria-live="polite">Loading your compare list…</p>;
  if (ids.length === 0) {
    return <p className={styles.empty}>{COMPARE_EMPTY} <Link href="/catalog">Browse products</Link></p>;
  }
  const shown = ids.map((id) => ({ id, entry: products[id] ?? { status: "pending" as const } }));
  const ready = shown.flatMap(({ entry }) => (entry.status === "ok" ? [entry.product] : []));
  const rows = compareRows(ready);

  return (
    <div className={styles.view}>
      <div className={styles.bar}>
        <p className={styles.count}>{ids.length} of {COMPARE_MAX} products</p>
        <button type="button" className="button button--secondary" onClick={clear}>Clear all</button>
      </div>
      {shown.some(({ entry }) => entry.status === "error") ? <p className={styles.error} role="alert">{PRODUCT_FETCH_ERROR}</p> : null}
      <div className={styles.scroller} tabIndex={0} role="region" aria-label="Comparison table, scrolls sideways">
        <table className={styles.table} data-testid="compare-table">
          <caption className="visually-hidden">Product comparison</caption>
          <thead>
            <tr>
              <td className={styles.corner} />
              {shown.map(({ id, entry }) => (
                <th key={id} scope="col" className={styles.productHead} data-product-id={id}>
                  {entry.status === "ok" ? (
                    <div className={styles.productCell}>
                      <Image src={entry.product.image_url.normal} alt="" width={160} height={160} />
                      <Link href={productHref(entry.product.url_key)} prefetch={false} className={styles.name}>{entry.product.name}</Link>
                      <span className={styles.price}>
                        {entry.product.prices.poa || !entry.product.prices.display_price ? "Call for price" : entry.product.prices.display_price.formatted}
                      </span>
                    </div>
                  ) : (
                    <span className={styles.pending}>{entry.status === "error" ? `Product ${id}` : "Loading…"}</span>
                  )}
                  <button type="button" className={styles.remove} onClick={() => remove(id)}>
                    Remove<span className="visually-hidden"> {entry.status === "ok" ? entry.product.name : `product ${id}`}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={row.group ? styles.groupRow : undefined}>
                {row.group ? (
                  <th scope="colgroup" colSpan={shown.length + 1} className={styles.group}>{row.label}</th>
                ) : (
                  <>
                    <th scope="row" className={styles.rowHead}>{row.label}</th>
                    {shown.map(({ id, entry }) => (
                      <td key={id}>{entry.status === "ok" ? row.values[entry.product.entity_id] ?? "—" : ""}</td>
                    ))}
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
