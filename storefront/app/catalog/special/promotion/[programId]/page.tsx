import type { Metadata } from "next";
import SpecialRoute, { promotionTarget, specialMetadata } from "@/catalog/SpecialRoute";
import { safeDecode } from "@/catalog/CategoryRoute";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ programId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return specialMetadata(promotionTarget(safeDecode((await params).programId)), await searchParams);
}

/** /catalog/special/promotion/{program_id}: the promotion programme's products under its rebate card. */
export default async function PromotionPage({ params, searchParams }: Props) {
  return <SpecialRoute target={promotionTarget(safeDecode((await params).programId))} searchParams={await searchParams} />;
}
