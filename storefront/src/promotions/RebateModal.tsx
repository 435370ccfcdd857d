"use client";

import { useEffect, useRef, useState } from "react";
import type { ProductDetail } from "@store/contract";
import { UNKNOWN_ERROR } from "@store/contract/messages";
import { clientGet, clientPathParam } from "@/lib/client-api";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { closeRebateModal } from "@/catalog/state";
import RebateCard, { type Promotion } from "./RebateCard";
import styles from "./RebateModal.module.css";

type Loaded = { id: string; name: string; promotions: Promotion[] } | { id: string; error: true };

/**
 * The rebate modal of a listing (spec 002 §2): opened from a product card, it loads the product's
 * promotions and shows a rebate card for each. A native modal dialog: focus stays inside and
 * Escape closes it.
 */
export default function RebateModal() {
  const dispatch = useAppDispatch();
  const productId = useAppSelector((s) => s.catalog.rebateProductId);
  const ref = useRef<HTMLDialogElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (productId && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!productId && dialog.open) {
      dialog.close();
    }
  }, [productId]);

  useEffect(() => {
    if (!productId || (loaded && loaded.id === productId)) return;
    const controller = new AbortController();
    clientGet<ProductDetail>(`/products/${clientPathParam(productId)}?embed=promotions`, { signal: controller.signal })
      .then((p) => setLoaded({ id: productId, name: p.name, promotions: p.promotions?.product_promotions ?? [] }))
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === "AbortError") return;
        setLoaded({ id: productId, error: true });
      });
    return () => controller.abort();
  }, [productId, loaded]);

  // a modal left open by a navigation (the browser's back button) must not reopen on the next listing
  useEffect(() => () => { dispatch(closeRebateModal()); }, [dispatch]);

  const onClose = () => {
    dispatch(closeRebateModal());
    returnFocus.current?.focus();
  };

  const current = loaded && productId && loaded.id === productId ? loaded : null;
  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby="rebate-title" onClose={onClose}
      onClick={(e) => { if (e.target === e.currentTarget) e.currentTarget.close(); }}>
      <div className={styles.inner}>
        <div className={styles.head}>
          <h2 id="rebate-title" className={styles.title}>
            Rebates and offers{current && "name" in current ? <span className={styles.product}>{current.name}</span> : null}
          </h2>
          <button type="button" className={styles.close} onClick={() => ref.current?.close()} aria-label="Close">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" /></svg>
          </button>
        </div>
        {!current ? (
          <p role="status">Loading offers…</p>
        ) : "error" in current ? (
          <p role="alert">{UNKNOWN_ERROR}</p>
        ) : current.promotions.length === 0 ? (
          <p>There are no offers for this product right now.</p>
        ) : (
          // Shop Now leaves this listing: the modal closes first, so it does not come back on the promotion catalogue
          current.promotions.map((p) => <RebateCard key={p.program_id} promotion={p} headingLevel={3} onShopNow={() => dispatch(closeRebateModal())} />)
        )}
      </div>
    </dialog>
  );
}
