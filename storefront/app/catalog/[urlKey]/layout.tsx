import type { ReactNode } from "react";
import { safeDecode } from "@/catalog/CategoryRoute";
import { guardCategory } from "@/catalog/guards";

/** Before the page renders: an unknown category answers 404. */
export default async function CategoryLayout({ children, params }: { children: ReactNode; params: Promise<{ urlKey: string }> }) {
  await guardCategory(safeDecode((await params).urlKey));
  return children;
}
