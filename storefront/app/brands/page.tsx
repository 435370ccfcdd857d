import type { Metadata } from "next";
import { notFound } from "next/navigation";
import BrandsPage from "@/brands/BrandsPage";
import { getBrands } from "@/brands/data";
import { BRANDS_INTRO, BRANDS_TITLE } from "@/brands/messages";
import { flagOn } from "@/catalog/url";
import { toLanguageTag } from "@/lib/format";
import { getConfig } from "@/shell/data";
import { baseUrl, fullTitle, hreflangAlternates } from "@/shell/metadata";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const config = await getConfig();
  if (!flagOn(config.use_brands_page)) notFound();
  return {
    title: { absolute: fullTitle(config, BRANDS_TITLE) },
    description: BRANDS_INTRO,
    alternates: { canonical: baseUrl(config) ? "/brands" : undefined, languages: hreflangAlternates(config, "/brands") },
  };
}

/** /brands: every brand, with its logo and a link to its catalogue; a 404 unless the store uses a brands page. */
export default async function Brands() {
  const config = await getConfig();
  if (!flagOn(config.use_brands_page)) notFound();
  return <BrandsPage brands={await getBrands()} specialCatalogs={flagOn(config.show_special_catalogs)} locale={toLanguageTag(config.locale)} />;
}
