import { cspNonce, noteStyle } from "@/lib/nonce";
import Banners, { bannerLook } from "./Banners";
import { getBanners, type BannerFilters } from "./data";
import { MISSING_TYPE_MESSAGE } from "./messages";

/**
 * The promo banners of a banner type (spec 000 §4, 002 §4): nothing renders, and a console message
 * says why, when the type is missing; nothing renders either when loading fails.
 */
export default async function PromoBanners({ type, title, ...filters }: { type: string | null | undefined; title?: string } & BannerFilters) {
  const bannerType = type?.trim();
  if (!bannerType) {
    console.error(MISSING_TYPE_MESSAGE);
    return null;
  }
  const banners = await getBanners(bannerType, filters.category, filters.manufacturer, filters.displaymode);
  // only custom CSS becomes a <style> element, which needs the page's CSP nonce
  const nonce = banners.some((b) => bannerLook(b).css) ? await cspNonce() : undefined;
  for (const b of banners) noteStyle(bannerLook(b).css);
  return <Banners banners={banners} title={title} nonce={nonce} />;
}
