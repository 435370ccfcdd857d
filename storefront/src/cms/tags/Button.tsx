"use client";

import { useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useMounted } from "@/lib/hydrated";
import type { ButtonAction, ButtonModal, CreditTier } from "@store/contract/editor-tags";
import styles from "./tags.module.css";

/** What each financing window of a CMS button says (data-modal, and the tdbank / freedompay actions). */
export const FINANCING_TEXT: Record<ButtonModal | "tdbank" | "freedompay", { title: string; text: string }> = {
  zibby: { title: "Lease-to-own with Zibby", text: "No credit needed. Choose Zibby at checkout, answer a few questions and get a decision in seconds." },
  katapult: { title: "Lease-to-own with Katapult", text: "No credit needed. Choose Katapult at checkout to lease what you need and own it over time." },
  acima: { title: "Lease-to-own with Acima", text: "No credit needed. Choose Acima at checkout for flexible lease payments and early purchase options." },
  chargeafter: { title: "Financing with ChargeAfter", text: "Check offers from several lenders at once without affecting your credit score, then choose the plan that suits you at checkout." },
  conneqt: { title: "Financing with Conneqt", text: "Apply for a Conneqt credit line at checkout and spread the cost of your purchase." },
  tdbank: { title: "The store credit card by TD Bank", text: "Apply at checkout or in any store for special financing on qualifying purchases, subject to credit approval." },
  freedompay: { title: "Pay with FreedomPay", text: "Pay securely with FreedomPay at checkout using your saved cards and wallets." },
};
export const CREDIT_TIER_TEXT: Record<CreditTier, string> = {
  Prime: "Offers shown are for excellent credit.",
  NearPrime: "Offers shown are for good credit.",
  SubPrime: "Offers shown are for building credit.",
};

/** Prints one picture on its own (print-image): the page is hidden while the print dialog is open. */
function printImage(src: string | undefined) {
  if (!src) return window.print();
  const sheet = document.createElement("div");
  sheet.className = "print-image-sheet";
  const img = document.createElement("img");
  img.src = src;
  img.alt = "";
  sheet.append(img);
  document.body.append(sheet);
  document.documentElement.classList.add("printing-image");
  const done = () => {
    sheet.remove();
    document.documentElement.classList.remove("printing-image");
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  const print = () => window.print();
  if (img.complete) print();
  else img.addEventListener("load", print, { once: true });
}

/**
 * The CMS button tag: an allowed data-action (print-image, freedompay, tdbank) or financing
 * window (data-modal), with the ChargeAfter credit tier. Values outside the lists never reach
 * this component: the tag shows the invalid-value message instead.
 */
export default function EditorButton({ action, modal, creditTier, imageSrc, variant, children }: {
  action?: ButtonAction;
  modal?: ButtonModal;
  creditTier?: CreditTier;
  imageSrc?: string;
  variant: "primary" | "secondary";
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // the window lives at the end of the page (a dialog cannot sit in a paragraph), so only in the browser
  const mounted = useMounted();
  const window_ = modal ?? (action === "tdbank" || action === "freedompay" ? action : undefined);
  const info = window_ ? FINANCING_TEXT[window_] : undefined;
  const onClick = () => {
    if (action === "print-image") printImage(imageSrc);
    else if (info) dialog.current?.showModal();
  };
  return (
    <>
      <button type="button" className={`button button--${variant}`} data-action={action} data-modal={modal} onClick={onClick} aria-haspopup={info ? "dialog" : undefined}>
        {children}
      </button>
      {info && mounted && createPortal(
        <dialog ref={dialog} className={styles.modal} aria-label={info.title}>
          <h2 className={styles.modalTitle}>{info.title}</h2>
          <p>{info.text}</p>
          {modal === "chargeafter" && creditTier && <p className={styles.modalNote}>{CREDIT_TIER_TEXT[creditTier]}</p>}
          <form method="dialog" className={styles.modalActions}>
            <button type="submit" className="button button--primary">Close</button>
          </form>
        </dialog>,
        document.body,
      )}
    </>
  );
}
