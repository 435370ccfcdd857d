"use client";

import { useAppDispatch } from "@/lib/store";
import { openRebateModal } from "@/catalog/state";
import styles from "./RebateModal.module.css";

/** Opens the rebate modal for a product that carries promotions. */
export default function RebateButton({ productId, productName, count }: { productId: string; productName: string; count: number }) {
  const dispatch = useAppDispatch();
  return (
    <button type="button" className={styles.trigger} aria-haspopup="dialog" onClick={() => dispatch(openRebateModal(productId))}>
      {count > 1 ? `${count} rebates available` : "Rebate available"}
      <span className="visually-hidden">: {productName}</span>
    </button>
  );
}
