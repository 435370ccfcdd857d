import Link from "next/link";
import { OutletButton } from "@/shell/OutletDrawer";
import { Suspense } from "react";
import type { PersonalProducts, ProductDetail, ReviewsPage, SiteConfig } from "@store/contract";
import { ApiError, apiGet, pathParam } from "@/lib/api";
import ListingCarousel from "@/catalog/ListingCarousel";
import ProductCard, { outletCalloutOf } from "@/catalog/ProductCard";
import { CAROUSEL_CARD_SIZES, PRODUCT_ITEMS, serverDrawnItems } from "@/carousel/settings";
import Rating from "@/catalog/Rating";
import WishlistButton from "@/wishlist/WishlistButton";
import CompareButton from "@/compare/CompareButton";
import StoreStock from "@/inventory/StoreStock";
import ShippingEstimate from "@/shipping/ShippingEstimate";
import ReviewsSection from "@/reviews/ReviewsSection";
import { REVIEWS_HEADING } from "@/reviews/messages";
import { baseUrl } from "@/shell/metadata";
import { breadcrumbCategories } from "./breadcrumb";
import { dimensionRows, dimensionsLine, dimensionLabels } from "./dimensions";
import { arrangeFlags } from "./flags";
import { CornerFlag, PriceFlags, SpecialFlags } from "./Flags";
import Gallery from "./Gallery";
import { cleanProductHtml } from "./html";
import { cleanEditorHtml } from "@/cms/editor-html";
import StaticMarkup from "@/lib/StaticMarkup";
import { writtenMarkup } from "@/lib/html";
import { JsonLdScript } from "@/cms/JsonLd";
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from "./jsonld";
import {
  DEFAULT_TAB_LABEL, DIMENSIONS_TAB_LABEL, PERSONAL_HEADING, PERSONAL_LIMIT, REVIEWS_TAB_LABEL, SPECIFICATIONS_TAB_LABEL,
} from "./messages";
import PriceBlock from "./PriceBlock";
import ProductTabs, { type ProductTab } from "./ProductTabs";
import PurchaseForm from "./PurchaseForm";
import { toAddOns, toBundleOptions } from "./purchase";
import RebateCard from "./RebateCard";
import SwatchPicker from "./SwatchPicker";
import type { SwatchChoice } from "./swatch";
import VariantSku from "./VariantSku";
import { galleryOf, type VariantView } from "./view";
import styles from "./ProductPage.module.css";

const isOn = (flag: unknown) => flag === "1" || flag === 1 || flag === true || flag === "true";

export interface ProductPageProps {
  product: ProductDetail;
  config: SiteConfig;
  /** the page's own path (canonical) */
  path: string;
  /** fr_CA style locale for labels */
  locale: string;
  language: string;
  /** the child shown first for a configurable product, and the swatch choice it stands for */
  initialVariant: VariantView;
  initialChoice: SwatchChoice;
  /** id of the simple product store stock is asked for (null: none yet, e.g. no option chosen) */
  stockProductId: string | null;
  /** id of the simple product shipping is estimated for (null: none to ask for) */
  shippingProductId: string | null;
  /** the first page of reviews when the route already asked for it (beside the product); else asked for here */
  reviewsFirst?: Promise<ReviewsPage | null>;
}

/** The first page of reviews a product page shows (by product id or url key); null when the store has reviews off. */
export function pageReviews(config: SiteConfig, productKey: string, language: string): Promise<ReviewsPage | null> {
  return isOn(config.enable_product_reviews) ? firstReviews(productKey, language) : Promise.resolve(null);
}

function outletCallout(config: SiteConfig): { enabled: boolean; text: string } {
  const outlet = (config.display_features as { outlet_products?: { enabled?: boolean; callout_text?: string } }).outlet_products;
  return {
    enabled: outlet?.enabled !== false,
    text: outlet?.callout_text || outletCalloutOf(config),
  };
}

/**
 * The first page of a product's reviews, by its id or url key (the api takes either, so the
 * product route asks for them beside the product instead of after it). Asked for by url key, the
 * answer notes no page-cache tags of its own: the page's product answer notes p{id}, which a
 * review of the product moves too.
 */
async function firstReviews(productKey: string, language: string): Promise<ReviewsPage | null> {
  const byId = /^\d+$/.test(productKey);
  try {
    return await apiGet<ReviewsPage>(`/products/${pathParam(productKey)}/reviews?embed=reviews&page=1`, { language, tags: byId ? undefined : [] });
  } catch (error) {
    // an unknown product is the route's 404, reported there
    if (!(error instanceof ApiError && error.status === 404)) console.error(`reviews of product ${productKey} could not be loaded:`, error);
    return null;
  }
}

/** The product's own lists of other products, each in a carousel, in this order. */
const LINKED_CAROUSELS = [
  { field: "upsells", id: "upsells-heading", title: "You may also like" },
  { field: "relateds", id: "relateds-heading", title: "Related products" },
  { field: "crosssells", id: "crosssells-heading", title: "Frequently bought together" },
  { field: "parentbundles", id: "bundles-heading", title: "Available in these packages" },
] as const;

/**
 * One of the product page's carousels of other products: the first set drawn, the rest asked of
 * `source` (its `field`) when the shopper reaches for it (ListingCarousel).
 */
function ProductCarousel({ title, products, outletText, id, source, field }: {
  title: string; products: ProductDetail["relateds"]; outletText: string; id: string; source: string; field: string;
}) {
  if (!products || products.length === 0) return null;
  const drawn = products.slice(0, serverDrawnItems(PRODUCT_ITEMS));
  return (
    // the carousel itself is the labelled region; this wrapper only adds the visible heading
    <div className={styles.carousel}>
      <h2 id={id} className={styles.sectionHeading}>{title}</h2>
      {/* its own Suspense boundary: hydrated separately, after the part of the page above it */}
      <Suspense fallback={null}>
        <ListingCarousel key={source} label={title} drawn={drawn.map((p) => p.entity_id)} total={products.length}
          source={source} field={field} outletCallout={outletText} sizes={CAROUSEL_CARD_SIZES}>
          {drawn.map((item) => <ProductCard key={item.entity_id} product={item} outletCallout={outletText} sizes={CAROUSEL_CARD_SIZES} alwaysDrawn />)}
        </ListingCarousel>
      </Suspense>
    </div>
  );
}

/**
 * "Recommended for you" (GET /personal/products): the store's picks for this product by its sku
 * and its category. Skipped when the product has linked items of its own to show (spec 002 §7:
 * the call is skipped when a state flag is set); streamed in after the rest of the page.
 */
async function PersonalRecommendations({ product, outletText }: { product: ProductDetail; outletText: string }) {
  if ((product.upsells?.length ?? 0) > 0 || (product.relateds?.length ?? 0) > 0) return null;
  const category = product.categories.filter((c) => c.assigned).at(-1);
  const params = new URLSearchParams({ sku: product.sku, limit: String(PERSONAL_LIMIT) });
  if (category) params.set("product_type", category.url_key);
  try {
    const source = `/personal/products?${params}`;
    const answer = await apiGet<PersonalProducts>(source);
    return <ProductCarousel id="personal-heading" title={PERSONAL_HEADING} products={answer.products} outletText={outletText} source={source} field="products" />;
  } catch (error) {
    console.error(`recommendations for product ${product.entity_id} could not be loaded:`, error);
    return null;
  }
}

function Specifications({ product }: { product: ProductDetail }) {
  const groups = product.simple_attributes.filter((g) => g.attributes.length > 0);
  if (groups.length === 0) return <p>No specifications are listed for this product.</p>;
  return (
    <div className={styles.specs}>
      {groups.map((group) => (
        <table key={group.group} className={styles.specTable}>
          <caption>{group.group}</caption>
          <tbody>
            {group.attributes.map((attribute) => (
              <tr key={attribute.code}>
                <th scope="row">{attribute.label}</th>
                <td>{attribute.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

function DimensionsPanel({ product, locale }: { product: ProductDetail; locale: string }) {
  const rows = dimensionRows(product.dimensions, locale);
  const line = dimensionsLine(product.dimensions, locale);
  const labels = dimensionLabels(locale);
  if (rows.length === 0) return <p>No dimensions are listed for this product.</p>;
  return (
    <div className={styles.dimensions}>
      {line ? (
        <p className={styles.dimensionsLine}>
          <span className="visually-hidden">{labels.height} x {labels.width} x {labels.depth}: </span>
          <strong data-testid="dimensions-line">{line}</strong>
        </p>
      ) : null}
      <table className={styles.specTable}>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}><th scope="row">{row.label}</th><td>{row.value}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The product page (spec 002 §2, §3): server-rendered; interactive parts are small client components. */
export default async function ProductPage({
  product, config, path, locale, language, initialVariant, initialChoice, stockProductId, shippingProductId, reviewsFirst,
}: ProductPageProps) {
  const reviewsEnabled = isOn(config.enable_product_reviews);
  const reviews = await (reviewsFirst ?? pageReviews(config, product.entity_id, language));
  const flags = arrangeFlags(product.product_flags);
  const crumbs = isOn(config.enable_breadcrumbs) ? breadcrumbCategories(product.categories) : [];
  const outlet = outletCallout(config);
  const promotions = product.promotions?.product_promotions ?? [];
  const afterRebates = promotions.length && product.promotions && product.promotions.after_rebates_amount.amount < product.prices.final_price_without_tax && !product.prices.poa
    ? product.promotions.after_rebates_amount.formatted : null;
  const isConfigurable = product.type_id === "configurable";
  const bundleOptions = toBundleOptions(product.bundle_selection_attributes);
  const description = cleanProductHtml(product.description);
  const base = baseUrl(config);
  const jsonLd = productJsonLd(product, {
    url: path,
    currency: config.currency_code || "USD",
    base,
    images: (initialVariant.gallery ?? galleryOf(product)).filter((g) => g.kind === "image").map((g) => g.url).slice(0, 6),
  });
  // where the product sits, for search results (the categories of the visible breadcrumb, shown or not)
  const crumbsJsonLd = breadcrumbJsonLd([
    { name: "Home", path: "/" },
    ...breadcrumbCategories(product.categories).map((c) => ({ name: c.name, path: `/catalog/${encodeURIComponent(c.url_key)}` })),
    { name: product.name, path },
  ], base);
  const brandName = product.brand?.name || product.manufacturer;
  // features the description already lists are not repeated
  const descriptionText = description.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").toLowerCase();
  const features = product.product_features.filter((f) => f.title || !descriptionText.includes(f.description.trim().toLowerCase()));

  const tabs: ProductTab[] = [
    {
      id: "overview",
      label: DEFAULT_TAB_LABEL,
      content: (
        <div className={styles.overview}>
          {/* every tab's panel is in the document: its description there once, named by reference in the payload */}
          {description ? <StaticMarkup className="cms-content" html={writtenMarkup(description)} /> : <p>{product.short_description}</p>}
          {features.length > 0 ? (
            <>
              <h3>Features</h3>
              <ul className={styles.features}>
                {features.map((f, i) => (
                  <li key={i}>{f.title ? <strong>{f.title}: </strong> : null}{f.description}</li>
                ))}
              </ul>
            </>
          ) : null}
          {product.energy_star_qualified ? <p className={styles.energyStar}>ENERGY STAR® qualified</p> : null}
        </div>
      ),
    },
    { id: "specifications", label: SPECIFICATIONS_TAB_LABEL, content: <Specifications product={product} /> },
    { id: "dimensions", label: DIMENSIONS_TAB_LABEL, content: <DimensionsPanel product={product} locale={locale} /> },
  ];
  if (reviewsEnabled) {
    tabs.push({
      id: "reviews",
      label: `${REVIEWS_TAB_LABEL} (${product.reviews_count})`,
      content: (
        <section aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className={styles.sectionHeading}>{REVIEWS_HEADING}</h2>
          {reviews ? <ReviewsSection productId={product.entity_id} first={reviews} /> : <p>Reviews could not be loaded. Please reload the page to try again.</p>}
        </section>
      ),
    });
  }

  return (
    <article className={styles.page} data-product-id={product.entity_id} data-product-type={product.type_id}>
      <JsonLdScript json={jsonLdText(jsonLd)} />
      <JsonLdScript json={jsonLdText(crumbsJsonLd)} />
      {crumbs.length > 0 ? (
        <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
          <ol>
            <li><Link href="/" prefetch={false}>Home</Link></li>
            {crumbs.map((c) => (
              <li key={c.entity_id}><Link href={`/catalog/${encodeURIComponent(c.url_key)}`} prefetch={false}>{c.name}</Link></li>
            ))}
            <li aria-current="page"><span className={styles.crumbCurrent}>{product.name}</span></li>
          </ol>
        </nav>
      ) : null}

      <div className={styles.top}>
        <div className={styles.galleryCol}>
          <div className={styles.galleryWrap}>
            <Gallery parentId={product.entity_id} initial={initialVariant} name={product.name} />
            <CornerFlag flag={flags.corner} />
          </div>
        </div>

        <div className={styles.info}>
          {brandName ? <p className={styles.brand}>{brandName}</p> : null}
          <h1 className={styles.name}>{product.name}</h1>
          <VariantSku parentId={product.entity_id} initial={initialVariant} model={product.model_number} />
          {reviewsEnabled ? (
            <a className={styles.ratingLink} href="#reviews">
              <Rating rating={product.reviews_rating} count={product.reviews_count} />
              <span>{product.reviews_count > 0 ? "Read reviews" : "Be the first to review"}</span>
            </a>
          ) : null}
          {product.outlet_of ? (
            <p className={styles.outletNote}>
              <span className={styles.outletBadge}>{outlet.text}</span>{" "}
              <Link href={`/product/${encodeURIComponent(product.outlet_of)}`} prefetch={false}>See this product new</Link>
            </p>
          ) : null}
          <PriceFlags slots={flags.price} />
          <PriceBlock
            parentId={product.entity_id}
            initial={initialVariant}
            afterRebates={afterRebates}
            afterRebatesAmount={afterRebates ? product.promotions?.after_rebates_amount.amount : null}
            bundleOptions={bundleOptions}
            currency={config.currency_code || "USD"}
          />
          <SpecialFlags flags={flags.special} />
          {product.short_description ? <p className={styles.short}>{product.short_description}</p> : null}
          {outlet.enabled && product.outlets && product.outlets.length > 0 ? (
            <section className={styles.outlets} aria-labelledby="outlets-heading">
              <h2 id="outlets-heading" className={styles.outletTitle}><span className={styles.outletBadge}>{outlet.text}</span> Save on an open-box item</h2>
              {/* the items open in the shell's outlet-products drawer */}
              <OutletButton
                productName={product.name}
                callout={outlet.text}
                className="button button--secondary"
                items={product.outlets.map((item) => ({
                  entity_id: item.entity_id,
                  name: item.name,
                  url_key: item.url_key,
                  price: item.prices.display_price?.formatted ?? item.prices.final_price_without_tax_formatted,
                  image: item.image_url.small,
                }))}
              >
                {`See ${product.outlets.length} ${outlet.text} ${product.outlets.length === 1 ? "item" : "items"}`}
              </OutletButton>
            </section>
          ) : null}


          {isConfigurable && product.attributes.length > 0 ? (
            <SwatchPicker
              data={{ entity_id: product.entity_id, attributes: product.attributes, simple_products: product.simple_products, configurable_default_simple_id: product.configurable_default_simple_id }}
              initialChoice={initialChoice}
            />
          ) : null}

          <PurchaseForm
            parentId={product.entity_id}
            productName={product.name}
            initial={initialVariant}
            initialChoice={initialChoice}
            superAttributes={product.attributes.map((a) => ({ code: a.code, attribute_id: a.attribute_id, options: a.options.map((o) => ({ value: o.value, option_id: o.option_id })) }))}
            checkoutOpen={isOn(config.enable_checkout)}
            bundleOptions={bundleOptions}
            addOns={toAddOns(product.crosssells)}
            currency={config.currency_code || "USD"}
            showAddOns={isOn(config.enable_product_add_ons)}
          />

          {isOn(config.enable_wishlist) || isOn(config.enable_compare) ? (
            <div className={styles.listActions}>
              {isOn(config.enable_wishlist) ? <WishlistButton productId={product.entity_id} /> : null}
              {isOn(config.enable_compare) ? <CompareButton productId={product.entity_id} /> : null}
              {isOn(config.enable_compare) ? <Link href="/compare" className={styles.smallLink} prefetch={false}>View compare list</Link> : null}
            </div>
          ) : null}

          {promotions.length > 0 ? (
            <section className={styles.promotions} aria-labelledby="promotions-heading">
              <h2 id="promotions-heading" className={styles.subheading}>Promotions and rebates</h2>
              {promotions.map((promotion) => <RebateCard key={promotion.program_id} promotion={promotion} />)}
            </section>
          ) : null}

          {product.retailbanner?.content ? (
            <StaticMarkup className={`cms-content ${styles.retailBanner}`} html={writtenMarkup(cleanEditorHtml(product.retailbanner.content))} />
          ) : null}

          <Suspense fallback={null}>
            {isOn(config.enable_my_store) ? (
              <StoreStock parentId={product.entity_id} initialId={stockProductId} isConfigurable={isConfigurable} />
            ) : null}
            <ShippingEstimate parentId={product.entity_id} initialId={shippingProductId} country={config.default_country} />
          </Suspense>
        </div>
      </div>

      <Suspense fallback={null}>
        <ProductTabs tabs={tabs} label="Product details" />
      </Suspense>

      {LINKED_CAROUSELS.map(({ field, id, title }) => (
        <ProductCarousel key={field} id={id} title={title} products={product[field]} outletText={outlet.text}
          source={`/products/${pathParam(product.entity_id)}?embed=${field}`} field={field} />
      ))}
      <Suspense fallback={null}>
        <PersonalRecommendations product={product} outletText={outlet.text} />
      </Suspense>
    </article>
  );
}
