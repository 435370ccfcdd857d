import type { ReactNode } from "react";
import { safeDecode } from "@/catalog/CategoryRoute";
import { guardCategory } from "@/catalog/guards";

/** Outside the loading boundary: an unknown category answers 404 before anything streams. */
export default async function CategoryLayout({ children, params }: { children: ReactNode; params: Promise<{ urlKey: string }> }) {
  await guardCategory(safeDecode((await params).urlKey));
  return children;
}
