"use client";

import { useEffect, useState } from "react";
import { formatDateTime } from "@/lib/format";
import { CONTACT_PATH, ERROR_PAGE_CONTACT, ERROR_PAGE_HOME, ERROR_PAGE_MESSAGE, ERROR_PAGE_TITLE } from "./messages";
import { RENDERING_ERROR_EVENT, track } from "./tracking";

/**
 * The error page of spec 000 §2: what went wrong for the shopper, the page address and the time
 * (for a screenshot to support), and ways out. Links are plain anchors so leaving reloads the page
 * fully rather than reusing the state that failed.
 */
export default function ErrorPage({ error }: { error: unknown }) {
  const [where, setWhere] = useState<{ url: string; time: string; iso: string } | null>(null);

  useEffect(() => {
    const now = new Date();
    setWhere({ url: window.location.href, time: formatDateTime(now), iso: now.toISOString() });
    const digest = error instanceof Error && "digest" in error ? (error as Error & { digest?: string }).digest : undefined;
    console.error("storefront rendering error", { url: window.location.href, digest, error });
    // the tracking event of spec 000 §8 (the server's digest names the logged error; no stack leaves the page)
    void track(RENDERING_ERROR_EVENT, { digest: digest ?? null, message: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500) });
  }, [error]);

  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <h1 id="error-page-title" className="error-page__title">{ERROR_PAGE_TITLE}</h1>
      <p className="error-page__message">{ERROR_PAGE_MESSAGE}</p>
      <dl className="error-page__details">
        <div>
          <dt>Page</dt>
          <dd className="error-page__url" data-testid="error-url">{where?.url ?? "\u00a0"}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd className="error-page__time" data-testid="error-time">
            {where ? <time dateTime={where.iso}>{where.time}</time> : "\u00a0"}
          </dd>
        </div>
      </dl>
      <div className="error-page__actions">
        <a className="button button--primary" href="/">{ERROR_PAGE_HOME}</a>
        <a className="button button--secondary" href={CONTACT_PATH}>{ERROR_PAGE_CONTACT}</a>
      </div>
    </section>
  );
}
