import type { Metadata } from "next";
import { notFound, permanentRedirect, redirect } from "next/navigation";
import { SUPPORTED_LOCALES, type ProductDetail } from "@store/contract";
import { DEFAULT_LANGUAGE } from "@/lib/api";
import { getConfig } from "@/shell/data";
import { baseUrl, fullTitle, hreflangAlternates } from "@/shell/metadata";
import { configuredLocales, isUnsupportedLocale } from "@/i18n/locales";
import UnsupportedLocale from "@/i18n/UnsupportedLocale";
import { findProduct, loadProduct } from "./data";
import { PRODUCT_UNAVAILABLE_TITLE } from "./messages";
import ProductPage, { pageReviews } from "./ProductPage";
import ProductUnavailable from "./ProductUnavailable";
import { choiceFromQuery, choiceOf, queryForChoice, selectSwatch, type SwatchChoice } from "./swatch";
import { previewOf, variantOf, type VariantView } from "./view";

export type SearchParams = Record<string, string | string[] | undefined>;

export interface ProductRouteProps {
  params: Promise<{ urlKey: string; language?: string }>;
  searchParams: Promise<SearchParams>;
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The language of a /{language}/product/… path: only the supported locales, else a 404. */
export function languageOf(segment: string | undefined): string {
  if (segment === undefined) return DEFAULT_LANGUAGE;
  const decoded = safeDecode(segment);
  const match = SUPPORTED_LOCALES.find((l) => l === decoded);
  if (!match) notFound();
  return match;
}

export const productPath = (urlKey: string, language?: string) =>
  `${language ? `/${encodeURIComponent(language)}` : ""}/product/${encodeURIComponent(urlKey)}`;

type Loaded =
  | { product: ProductDetail; failed?: undefined; language: string; segment: string | undefined; key: string }
  | { product?: undefined; failed: true; language: string; segment: string | undefined; key: string };

/** The product of the address: an unknown one is a 404; an api failure is reported (`failed`). */
async function load(props: ProductRouteProps): Promise<Loaded> {
  const { urlKey, language: segment } = await props.params;
  const language = languageOf(segment);
  const key = safeDecode(urlKey);
  const loaded = await loadProduct(key, language);
  if (loaded.status === "not-found") notFound();
  if (loaded.status === "failed") return { failed: true, language, segment, key };
  return { product: loaded.product, language, segment, key };
}

/** A child of a configurable product is shown as its parent with that child chosen. */
async function parentRedirect(product: ProductDetail, language: string, segment: string | undefined) {
  if (!product.parent_id || product.visibility !== "Not Visible Individually") return;
  const parent = await findProduct(product.parent_id, language, "");
  if (!parent || parent.type_id !== "configurable") return;
  const query = queryForChoice(parent, choiceOf(parent, product.entity_id));
  redirect(`${productPath(parent.url_key, segment)}${query ? `?${query}` : ""}`);
}

/** A /{language}/product/… address in a locale the store does not serve (spec 000 §2): the language, else null. */
async function unsupportedLanguage(props: ProductRouteProps): Promise<string | null> {
  const { language: segment } = await props.params;
  if (segment === undefined) return null;
  const language = languageOf(segment);
  return isUnsupportedLocale(language, configuredLocales(await getConfig())) ? language : null;
}

export async function productMetadata(props: ProductRouteProps): Promise<Metadata> {
  const unsupported = await unsupportedLanguage(props);
  if (unsupported) return { title: { absolute: fullTitle(await getConfig(), "Language not available") }, robots: { index: false, follow: false } };
  const [loaded, config] = await Promise.all([load(props), getConfig()]);
  if (loaded.failed) return { title: { absolute: fullTitle(config, PRODUCT_UNAVAILABLE_TITLE) }, robots: { index: false, follow: true } };
  const { product, segment } = loaded;
  const title = product.meta_title || product.name;
  const description = product.meta_description || product.short_description || config.description || undefined;
  const path = productPath(product.url_key, segment);
  const base = baseUrl(config);
  const image = product.image_url.normal;
  return {
    title: { absolute: fullTitle(config, title) },
    description,
    keywords: product.meta_keyword || undefined,
    alternates: { canonical: base ? path : undefined, languages: hreflangAlternates(config, productPath(product.url_key)) },
    openGraph: {
      title: fullTitle(config, title),
      description,
      url: base ? path : undefined,
      siteName: config.name,
      type: "website",
      images: image ? [{ url: image, alt: product.name }] : undefined,
    },
  };
}

interface InitialSelection {
  variant: VariantView;
  choice: SwatchChoice;
  /** the product store stock is asked for: none for a configurable until an option is chosen */
  stockId: string | null;
  /** the product shipping is estimated for: the child shown */
  shippingId: string | null;
}

/**
 * Decide and load the child a configurable product opens with (spec 002 §4 selection rule). Only
 * a choice the shopper made (here, in a shared URL) counts as chosen for store stock; the default
 * child is shown, but its stock waits for the shopper's choice.
 */
async function initialSelection(product: ProductDetail, query: SearchParams, language: string): Promise<InitialSelection> {
  if (product.type_id !== "configurable") {
    return { variant: variantOf(product), choice: {}, stockId: product.entity_id, shippingId: product.entity_id };
  }
  const selection = selectSwatch(product, null, choiceFromQuery(product, query));
  const own = variantOf(product);
  if (!selection.productId) return { variant: own, choice: {}, stockId: null, shippingId: null };
  const chosen = selection.source === "url";
  const child = await findProduct(selection.productId, language, "images,assets");
  if (child) {
    const variant = variantOf(child);
    return {
      variant: variant.gallery?.length ? variant : { ...variant, gallery: own.gallery },
      choice: selection.choice,
      stockId: chosen ? child.entity_id : null,
      shippingId: child.entity_id,
    };
  }
  const listed = product.simple_products.find((p) => p.entity_id === selection.productId);
  return {
    variant: listed ? { ...previewOf(listed), gallery: own.gallery } : own,
    choice: selection.choice,
    stockId: chosen ? selection.productId : null,
    shippingId: selection.productId,
  };
}

export async function ProductRoute(props: ProductRouteProps) {
  const unsupported = await unsupportedLanguage(props);
  if (unsupported) return <UnsupportedLocale locale={unsupported} englishPath={productPath(safeDecode((await props.params).urlKey))} />;
  // the reviews are asked for by the address's key beside the product, not after it (no waterfall)
  const { urlKey, language: languageSegment } = await props.params;
  const reviewsFirst = getConfig()
    .then((config) => pageReviews(config, safeDecode(urlKey), languageOf(languageSegment)))
    .catch(() => null);
  const [loaded, config, query] = await Promise.all([load(props), getConfig(), props.searchParams]);
  // the api is down or failing: the page's shell with the error text, not the generic error page
  if (loaded.failed) return <ProductUnavailable productKey={loaded.key} path={productPath(loaded.key, loaded.segment)} />;
  const { product, language, segment, key } = loaded;
  await parentRedirect(product, language, segment);
  // asked for by id or an old spelling: the canonical address
  if (key !== product.url_key && key === product.entity_id) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) for (const v of [value].flat()) if (v !== undefined) search.append(name, v);
    permanentRedirect(`${productPath(product.url_key, segment)}${search.size ? `?${search}` : ""}`);
  }
  const selection = await initialSelection(product, query, language);
  const locale = segment ? language.replace("-", "_") : config.locale || "en_US";
  return (
    <ProductPage
      product={product}
      config={config}
      path={productPath(product.url_key, segment)}
      locale={locale}
      language={language}
      initialVariant={selection.variant}
      initialChoice={selection.choice}
      stockProductId={selection.stockId}
      shippingProductId={selection.shippingId}
      reviewsFirst={reviewsFirst}
    />
  );
}
