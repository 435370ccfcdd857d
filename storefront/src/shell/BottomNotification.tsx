"use client";

import { useEffect, useState, type ReactNode } from "react";
import { BOTTOM_NOTIFICATION_CLOSE } from "./messages";
import styles from "./Header.module.css";

const DISMISSED_KEY = "bottom-notification-dismissed";

/**
 * The bottom notification (spec 000 §2 header features): an editor's message in a bar fixed to
 * the bottom of the window. Dismissed, it stays away for this content in this browser; editing
 * the content shows it again. `children`: the content as rendered on the server (editor tags
 * included); `html`: its source, which tells one message from another.
 */
export default function BottomNotification({ html, children }: { html: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const key = contentKey(html);
  useEffect(() => {
    try {
      setOpen(window.localStorage.getItem(DISMISSED_KEY) !== key);
    } catch {
      setOpen(true);
    }
  }, [key]);
  if (!open) return null;
  const dismiss = () => {
    setOpen(false);
    try { window.localStorage.setItem(DISMISSED_KEY, key); } catch { /* storage blocked: gone for this page */ }
  };
  return (
    <aside className={styles.bottomNotification} aria-label="Notification" data-testid="bottom-notification">
      <div className={styles.bottomNotificationContent}>{children}</div>
      <button type="button" className={styles.bottomNotificationClose} onClick={dismiss} aria-label={BOTTOM_NOTIFICATION_CLOSE}>×</button>
    </aside>
  );
}

/** A short fingerprint of the content (not security relevant: only tells one message from another). */
export function contentKey(html: string): string {
  let hash = 5381;
  for (let i = 0; i < html.length; i++) hash = ((hash << 5) + hash + html.charCodeAt(i)) | 0;
  return `${html.length}:${(hash >>> 0).toString(36)}`;
}
