"use client";

import "./globals.css";
import ErrorPage from "@/shell/ErrorPage";
import { ERROR_PAGE_TITLE } from "@/shell/messages";

/** A rendering error in the root layout itself (e.g. the config could not be read): the error page alone. */
export default function GlobalError({ error }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>{ERROR_PAGE_TITLE}</title>
      </head>
      <body>
        <main id="main-content" className="site-main">
          <ErrorPage error={error} />
        </main>
      </body>
    </html>
  );
}
