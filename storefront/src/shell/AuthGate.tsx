"use client";

import { useEffect, useState, type ReactNode } from "react";
import { gateInBrowser, type GateDecision } from "./authGate";

/**
 * The app auth gate (spec 000 §4) around the whole shell: in kiosk/iframe mode, the unauthorised
 * full page instead of the store when the page is not embedded, or embedded by another site. The
 * server decides when the request tells it (nothing of the store is sent then); the browser
 * checks again once it runs.
 */
export default function AuthGate({ iframeUrl, initial, title, message, children }: {
  iframeUrl: string;
  initial: GateDecision;
  title: string;
  message: string;
  children: ReactNode;
}) {
  const [decision, setDecision] = useState<GateDecision>(initial);
  useEffect(() => {
    if (!iframeUrl || initial === "unauthorised") return;
    let embedded = true;
    try { embedded = window.self !== window.top; } catch { embedded = true; }
    const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
    const parentOrigin = ancestors && ancestors.length > 0 ? ancestors.item(0) : null;
    setDecision(gateInBrowser({ iframeUrl, embedded, parentOrigin, referrer: document.referrer, ownOrigin: window.location.origin }));
  }, [iframeUrl, initial]);

  if (decision !== "unauthorised") return <>{children}</>;
  return <UnauthorisedPage title={title} message={message} />;
}

/** The unauthorised full page: nothing of the store but this notice. */
export function UnauthorisedPage({ title, message }: { title: string; message: string }) {
  return (
    <main id="main-content" className="site-main unauthorised-page" tabIndex={-1} data-unauthorised="">
      <section className="not-found" aria-labelledby="unauthorised-title">
        <h1 id="unauthorised-title">{title}</h1>
        <p>{message}</p>
      </section>
    </main>
  );
}
