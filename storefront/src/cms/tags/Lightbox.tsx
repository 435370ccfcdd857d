"use client";

import { useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useMounted } from "@/lib/hydrated";
import styles from "./tags.module.css";

/**
 * The lightbox tag: its content opens a larger picture in a modal dialog, closed by Escape, the
 * close button or a click beside the picture; focus returns to what opened it.
 */
export default function EditorLightbox({ src, alt, caption, children }: { src: string; alt: string; caption?: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // the dialog lives at the end of the page (it cannot sit in a paragraph), so only in the browser
  const mounted = useMounted();
  return (
    <>
      <button ref={opener} type="button" className={styles.lightboxTrigger} aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {children}
        <span className={styles.zoomBadge} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20" focusable="false"><path fill="currentColor" d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 9.5 16a6.5 6.5 0 0 0 4.2-1.6l.3.3v.8l5 5 1.5-1.5-5-5Zm-6 0A4.5 4.5 0 1 1 14 9.5 4.5 4.5 0 0 1 9.5 14Zm.5-7H9v2H7v1h2v2h1v-2h2V9h-2z" /></svg>
        </span>
      </button>
      {mounted && createPortal(<dialog
        ref={dialog}
        className={styles.lightbox}
        aria-label={caption || alt || "Picture"}
        onClose={() => opener.current?.focus()}
        onClick={(event) => { if (event.target === dialog.current) dialog.current?.close(); }}
      >
        <figure className={styles.lightboxFigure}>
          <img src={src} alt={alt} className={styles.lightboxImage} loading="lazy" />
          {caption && <figcaption>{caption}</figcaption>}
        </figure>
        <button type="button" className={styles.lightboxClose} aria-label="Close" onClick={() => dialog.current?.close()}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z" /></svg>
        </button>
      </dialog>, document.body)}
    </>
  );
}
