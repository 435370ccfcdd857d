"use client";

import ErrorPage from "@/shell/ErrorPage";

/** A rendering error inside the shell: the error page between the store's header and footer. */
export default function Error({ error }: { error: unknown; retry: () => void }) {
  return <ErrorPage error={error} />;
}
