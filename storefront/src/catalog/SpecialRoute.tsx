import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { SpecialCatalog } from "@store/contract";
import CmsContent from "@/cms/CmsContent";
import JsonLd from "@/cms/JsonLd";
import { toLanguageTag } from "@/lib/format";
import RebateCard from "@/promotions/RebateCard";
import { getConfig } from "@/shell/data";
import { getSpecialListing } from "./data";
import ListingView from "./ListingView";
import { CATALOG_FETCH_ERROR, EMPTY_LISTING } from "./messages";
import { listingMetadata, listingRequest, redirectAfterAnswer, redirectToCanonical } from "./page";
import { flagOn, type SearchParamsInput } from "./url";
import styles from "./CatalogPage.module.css";

export interface SpecialTarget {
  attribute: string;
  value: string;
  /** the storefront path of this catalogue */
  path: string;
  promotion: boolean;
}

export const PROMOTION_ATTRIBUTE = "promotion";

/** /special/.../{attribute}/{value}: the last two segments name the catalogue. */
export function specialTarget(segments: string[]): SpecialTarget | null {
  const decoded = segments.map((s) => { try { return decodeURIComponent(s); } catch { return s; } }).filter((s) => s.trim() !== "");
  if (decoded.length < 2) return null;
  const [attribute, value] = decoded.slice(-2);
  return { attribute, value, path: `/special/${segments.join("/")}`, promotion: false };
}

export const promotionTarget = (programId: string): SpecialTarget => ({
  attribute: PROMOTION_ATTRIBUTE,
  value: programId,
  path: `/catalog/special/promotion/${encodeURIComponent(programId)}`,
  promotion: true,
});

export async function specialMetadata(target: SpecialTarget | null, searchParams: SearchParamsInput): Promise<Metadata> {
  const config = await getConfig();
  if (!target || (!target.promotion && !flagOn(config.show_special_catalogs))) notFound();
  const req = listingRequest(searchParams, config);
  const outcome = await getSpecialListing(target.attribute, target.value, req.key, req.limit, target.promotion);
  if (!outcome.ok) {
    if (outcome.notFound) notFound();
    return listingMetadata(config, { title: "Catalog", path: target.path, page: 1, noindex: true });
  }
  const promo = outcome.data.promotions?.[0];
  return listingMetadata(config, {
    title: outcome.data.name,
    description: promo?.promo_short_description,
    path: target.path,
    page: req.state.page,
  });
}

/** A special catalogue (attribute value or promotion programme), with the rebate card on a promotion. */
export default async function SpecialRoute({ target, searchParams }: { target: SpecialTarget | null; searchParams: SearchParamsInput }) {
  const config = await getConfig();
  if (!target || (!target.promotion && !flagOn(config.show_special_catalogs))) notFound();
  const req = listingRequest(searchParams, config);
  redirectToCanonical(target.path, searchParams, req.state);
  const outcome = await getSpecialListing(target.attribute, target.value, req.key, req.limit, target.promotion);
  if (!outcome.ok && outcome.notFound) notFound();
  const data: SpecialCatalog | null = outcome.ok ? outcome.data : null;
  if (data) redirectAfterAnswer(target.path, req.state, outcome.state, data.product_count, req.limit, config);
  const promotion = data?.promotions?.find((p) => p.program_id === target.value) ?? data?.promotions?.[0];

  return (
    <>
      {data && <JsonLd data={data.structured_data} />}
      <header className={styles.header}>
        <h1 className={styles.title}>{data?.name || target.value}</h1>
      </header>
      {promotion && <RebateCard promotion={promotion} showShopNow={false} locale={toLanguageTag(config.locale)} />}
      {data?.blocks?.map((b) => <CmsContent key={b.identifier} html={b.content} className={styles.description} alwaysDrawn />)}
      <ListingView
        path={target.path}
        apiPath={`/dynamic-category/${encodeURIComponent(target.attribute)}/${encodeURIComponent(target.value)}`}
        state={outcome.state}
        data={data}
        config={config}
        mode={req.mode}
        limit={req.limit}
        errorText={CATALOG_FETCH_ERROR}
        emptyText={EMPTY_LISTING}
      />
    </>
  );
}
