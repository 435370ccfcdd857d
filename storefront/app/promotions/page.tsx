import type { Metadata } from "next";
import PromotionsPage from "@/brands/PromotionsPage";
import { getPromotions } from "@/brands/data";
import { PROMOTIONS_INTRO, PROMOTIONS_TITLE } from "@/brands/messages";
import { toLanguageTag } from "@/lib/format";
import { getConfig } from "@/shell/data";
import { baseUrl, fullTitle, hreflangAlternates } from "@/shell/metadata";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const config = await getConfig();
  return {
    title: { absolute: fullTitle(config, PROMOTIONS_TITLE) },
    description: PROMOTIONS_INTRO,
    alternates: { canonical: baseUrl(config) ? "/promotions" : undefined, languages: hreflangAlternates(config, "/promotions") },
  };
}

/** /promotions: the menu's Deals and the footer's Deals & Rebates; the rebate programmes running now. */
export default async function Promotions() {
  const config = await getConfig();
  return <PromotionsPage programmes={await getPromotions()} locale={toLanguageTag(config.locale)} />;
}
