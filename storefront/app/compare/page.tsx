import type { Metadata } from "next";
import CompareView from "@/compare/CompareView";

export const metadata: Metadata = { title: "Compare products", robots: { index: false, follow: true } };

/** /compare: up to four products side by side (the list is kept in the browser). */
export default function ComparePage() {
  return (
    <section aria-labelledby="compare-title">
      <h1 id="compare-title">Compare products</h1>
      <CompareView />
    </section>
  );
}
