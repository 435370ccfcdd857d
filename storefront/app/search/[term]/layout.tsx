import type { ReactNode } from "react";
import { guardSearch } from "@/catalog/guards";
import { searchTerm } from "@/search/SearchRoute";

/** Before the page renders: a term with a configured redirect answers 307 to it. */
export default async function SearchLayout({ children, params }: { children: ReactNode; params: Promise<{ term: string }> }) {
  await guardSearch(searchTerm((await params).term));
  return children;
}
