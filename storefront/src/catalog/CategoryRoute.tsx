import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { DEFAULT_CATEGORY_KEY, type CategoryPage } from "@store/contract";
import CmsContent from "@/cms/CmsContent";
import JsonLd from "@/cms/JsonLd";
import { getConfig } from "@/shell/data";
import Breadcrumbs, { breadcrumbAncestors } from "./Breadcrumbs";
import { getCategoryListing } from "./data";
import Landing, { landingOf } from "./Landing";
import ListingView from "./ListingView";
import { CATALOG_FETCH_ERROR, EMPTY_LISTING } from "./messages";
import { listingMetadata, listingRequest, plainText, redirectAfterAnswer, redirectToCanonical } from "./page";
import PosmCarousels, { posmOptions } from "./Posm";
import { optimiseEditorImages } from "./sections";
import { flagOn, type SearchParamsInput } from "./url";
import styles from "./CatalogPage.module.css";

export const categoryPath = (key: string) => (key === DEFAULT_CATEGORY_KEY ? "/catalog" : `/catalog/${encodeURIComponent(key)}`);

export const safeDecode = (segment: string) => {
  try { return decodeURIComponent(segment); } catch { return segment; }
};

const showsProducts = (mode: string) => mode !== "PAGE";
/** content blocks above a listing show their pictures at most 160 px wide (2x: 320) */
const BLOCK_IMAGE_WIDTH = 384;
const showsLanding = (mode: string) => mode.includes("PAGE");

export async function categoryMetadata(key: string, searchParams: SearchParamsInput): Promise<Metadata> {
  const config = await getConfig();
  const req = listingRequest(searchParams, config);
  const outcome = await getCategoryListing(key, req.key, req.limit);
  if (!outcome.ok) {
    if (outcome.notFound) notFound();
    return listingMetadata(config, { title: "Catalog", path: categoryPath(key), page: 1, noindex: true });
  }
  const c = outcome.data;
  return listingMetadata(config, {
    title: c.meta_title || c.name,
    description: c.meta_description || plainText(c.description),
    keywords: c.meta_keywords,
    path: categoryPath(c.url_key || key),
    page: req.state.page,
  });
}

/** /catalog and /catalog/{url key}: a category listing, landing page, or both (display mode). */
export default async function CategoryRoute({ urlKey, searchParams }: { urlKey: string; searchParams: SearchParamsInput }) {
  const config = await getConfig();
  const req = listingRequest(searchParams, config);
  const path = categoryPath(urlKey);
  redirectToCanonical(path, searchParams, req.state);
  const outcome = await getCategoryListing(urlKey, req.key, req.limit);
  if (!outcome.ok && outcome.notFound) notFound();
  const category: CategoryPage | null = outcome.ok ? outcome.data : null;
  if (category?.redirect && category.redirect !== path) redirect(category.redirect);
  const mode = category?.display_mode ?? "PRODUCTS";
  if (category && showsProducts(mode)) {
    redirectAfterAnswer(path, req.state, outcome.state, category.product_count, req.limit, config);
  }

  const landing = category && showsLanding(mode) ? landingOf(category.landing) : null;
  const heading = category ? category.h1_title || category.name : "Catalog";
  const crumbs = category ? breadcrumbAncestors(category.breadcrumbs).map((b) => ({ name: b.name, href: categoryPath(b.url_key) })) : [];
  const subcategories = category?.filters.find((f) => f.type === "category")?.values.filter((v) => v.product_count > 0) ?? [];
  const posm = category ? posmOptions(config, [category.url_key, category.entity_id]) : [];
  const notices = category?.messages.notice ?? [];
  // blocks a landing section shows itself are not repeated
  const landingBlocks = new Set([landing?.hero_block, landing?.custom_block].filter(Boolean));
  const blocks = (category?.blocks ?? []).filter((b) => b.content.trim() !== "" && !landingBlocks.has(b.identifier));

  const subcategoryLinks = landing && !showsProducts(mode) && subcategories.length > 0 ? (
    <section aria-labelledby="subcategories-title" className={styles.section}>
      <h2 id="subcategories-title">{category?.h2_title || `Shop ${heading}`}</h2>
      <ul className={styles.subcategories}>
        {subcategories.map((v) => (
          <li key={v.value}>
            <Link href={categoryPath(v.value)} className={styles.subcategory} prefetch={false}>
              {v.display_name} <span className={styles.subcategoryCount}>({v.product_count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  ) : null;

  const listing = !category || showsProducts(mode);
  // a category's content blocks and point-of-sale carousels: in a listing, across the grid after
  // its first row (the first products and the Filters button stay above the fold); on a page
  // without products, where they are
  const merchandising = blocks.length > 0 || posm.length > 0 ? (
    <>
      {blocks.map((b) => (
        <CmsContent key={b.identifier} html={optimiseEditorImages(b.content, BLOCK_IMAGE_WIDTH)} className={styles.blocks} />
      ))}
      {posm.length > 0 && <PosmCarousels options={posm} config={config} eager={!listing} />}
    </>
  ) : null;

  return (
    <>
      {category && <JsonLd data={category.structured_data} />}
      {category && flagOn(config.enable_breadcrumbs) && category.level > 1 && <Breadcrumbs items={crumbs} current={category.name} />}
      <header className={styles.header}>
        <h1 className={styles.title}>{heading}</h1>
        {category?.h2_title && !landing && <p className={styles.subtitle}>{category.h2_title}</p>}
        {!landing && !blocks.length && <CmsContent html={category?.description} className={styles.description} alwaysDrawn />}
      </header>
      {notices.map((n, i) => <p key={i} className={styles.notice}>{n.message}</p>)}
      {!listing && merchandising}
      {landing && category && (
        <Landing landing={landing} category={category} config={config} brands={category.filters.find((f) => f.attribute === "manufacturer")}
          afterHero={subcategoryLinks} />
      )}
      {listing && (
        <>
          {landing && category?.h2_title && <h2>{category.h2_title}</h2>}
          <ListingView
            path={path}
            apiPath={`/categories/${encodeURIComponent(urlKey)}`}
            state={outcome.state}
            data={category}
            config={config}
            mode={req.mode}
            limit={req.limit}
            errorText={CATALOG_FETCH_ERROR}
            emptyText={EMPTY_LISTING}
            // the first pictures above the fold are the landing's when it shows, else the first row's
            eagerImages={!landing}
            afterFirstRow={merchandising}
          />
        </>
      )}
      {category?.bottom_description && <CmsContent html={category.bottom_description} className={`${styles.description} ${styles.bottom}`} as="section" aria-label="About this category" alwaysDrawn />}
    </>
  );
}
