"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { OPEN_BOX_DRAWER_CLOSE } from "./messages";
import { outletDrawerClosed, outletDrawerOpened, type OutletItem } from "./state";
import styles from "./Header.module.css";

const DRAWER_ID = "outlet-products-drawer";

/**
 * The outlet-products side drawer (spec 000 §2 header features): a product's open-box items,
 * each with its price and condition note and a link to its page. One per page, in the shell;
 * product pages open it with OutletButton. A modal dialog: Escape or the close button closes it
 * and focus returns to the button that opened it.
 */
export default function OutletDrawer() {
  const drawer = useAppSelector((state) => state.shell.outletDrawer);
  const dispatch = useAppDispatch();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (drawer && !el.open) {
      opener.current = document.activeElement;
      el.showModal();
    } else if (!drawer && el.open) {
      el.close();
    }
  }, [drawer]);
  const close = () => {
    dispatch(outletDrawerClosed());
    (opener.current as HTMLElement | null)?.focus?.();
  };
  return (
    <dialog
      ref={ref}
      id={DRAWER_ID}
      className={styles.outletDrawer}
      aria-labelledby={`${DRAWER_ID}-title`}
      onClose={() => { if (drawer) close(); }}
      onClick={(event) => { if (event.target === event.currentTarget) close(); }}
      data-testid="outlet-drawer"
    >
      {drawer && (
        <div className={styles.outletInner}>
          <div className={styles.outletHead}>
            <h2 id={`${DRAWER_ID}-title`} className={styles.outletTitle}>
              <span className={styles.outletBadge}>{drawer.callout}</span> {drawer.productName}
            </h2>
            <button type="button" className={styles.outletClose} onClick={close} aria-label={OPEN_BOX_DRAWER_CLOSE}>×</button>
          </div>
          <ul className={styles.outletList}>
            {drawer.items.map((item) => (
              <li key={item.entity_id}>
                {/* eslint-disable-next-line @next/next/no-img-element */}
                {item.image ? <img src={item.image} alt="" width={72} height={72} loading="lazy" /> : <span />}
                <div>
                  <Link href={`/product/${encodeURIComponent(item.url_key)}`} prefetch={false} onClick={() => dispatch(outletDrawerClosed())}>{item.name}</Link>
                  <p><strong>{item.price}</strong></p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </dialog>
  );
}

/** The button a product page shows for its open-box items; it opens the outlet drawer. */
export function OutletButton({ productName, callout, items, className, children }: {
  productName: string; callout: string; items: OutletItem[]; className?: string; children: React.ReactNode;
}) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      aria-controls={DRAWER_ID}
      onClick={() => dispatch(outletDrawerOpened({ productName, callout, items }))}
      data-testid="outlet-button"
    >
      {children}
    </button>
  );
}
