"use client";

import { useEffect, useState, type ReactNode } from "react";
import { gateInBrowser, type GateDecision } from "./authGate";

/**
 * The app auth gate (spec 000 §4) around the whole shell: in kiosk/iframe mode, the unauthorised
 * full page instead of the store when the page is not embedded, or embedded by another site. The
 * server decides when the request tells it (nothing of the store is sent then); the browser
 * checks again once it runs.
 */
export default function AuthGate({ iframeUrl, initial, title, message, logo, children }: {
  iframeUrl: string;
  initial: GateDecision;
  title: string;
  message: string;
  logo?: { src: string; alt: string };
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
  return <UnauthorisedPage title={title} message={message} logo={logo} />;
}

/** The unauthorised full page: nothing of the store but this notice. */
export function UnauthorisedPage({ title, message, logo }: { title: string; message: string; logo?: { src: string; alt: string } }) {
  return (
    <main id="main-content" className="unauthorised-page" tabIndex={-1} data-unauthorised="">
      <section className="unauthorised-page__card" aria-labelledby="unauthorised-title">
        {logo?.src ? <img className="unauthorised-page__logo" src={logo.src} alt={logo.alt} height={48} /> : null}
        <svg className="unauthorised-page__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 5a3 3 0 1 1 6 0v3H9V7zm3 7a2 2 0 0 1 1 3.7V19h-2v-1.3a2 2 0 0 1 1-3.7z" />
        </svg>
        <h1 id="unauthorised-title">{title}</h1>
        <p>{message}</p>
      </section>
    </main>
  );
}
