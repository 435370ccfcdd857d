import type { ReactNode } from "react";
import { safeDecode } from "@/catalog/CategoryRoute";
import { guardSpecial } from "@/catalog/guards";
import { PROMOTION_ATTRIBUTE } from "@/catalog/SpecialRoute";

/** Outside the loading boundary: an unknown promotion answers 404 before anything streams. */
export default async function PromotionLayout({ children, params }: { children: ReactNode; params: Promise<{ programId: string }> }) {
  await guardSpecial(PROMOTION_ATTRIBUTE, safeDecode((await params).programId), true);
  return children;
}
