import type { ReactNode } from "react";
import { safeDecode } from "@/catalog/CategoryRoute";
import { guardSpecial } from "@/catalog/guards";
import { PROMOTION_ATTRIBUTE } from "@/catalog/SpecialRoute";

/** Before the page renders: an unknown promotion answers 404. */
export default async function PromotionLayout({ children, params }: { children: ReactNode; params: Promise<{ programId: string }> }) {
  await guardSpecial(PROMOTION_ATTRIBUTE, safeDecode((await params).programId), true);
  return children;
}
