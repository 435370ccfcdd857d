import { notFound } from "next/navigation";

export const dynamic = "force-dynamic";

/**
 * /_test/render-error: throws while rendering, so tests can see the error page deterministically.
 * It exists only when the storefront runs with STOREFRONT_TEST_ROUTES=1; otherwise it is a 404.
 */
export default function RenderErrorTestRoute(): never {
  if (process.env.STOREFRONT_TEST_ROUTES !== "1") notFound();
  throw new Error("Deliberate rendering error (test route)");
}
