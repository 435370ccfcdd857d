import Image from "next/image";
import Link from "next/link";
import type { PromoBanner, StoreLocation } from "@store/contract";
import {
  PRODUCT_CAROUSEL_DEFAULT_LIMIT, PROMOTIONS_LOAD_FAILED_PREFIX, PROMOTIONS_MISSING_TYPE, PROMOTIONS_TAG_DEFAULT_LIMIT,
  PROMOTIONS_TAG_DEFAULT_ORDER, PROMOTIONS_TAG_ITEMS, isSiteInfoKey, parseBooleanAttribute, parseCount,
} from "@store/contract/editor-tags";
import { apiGet, apiGetShared, pathParam } from "@/lib/api";
import { cspNonce, noteStyle } from "@/lib/nonce";
import { getConfig } from "@/shell/data";
import Carousel from "@/carousel/Carousel";
import StaticMarkup from "@/lib/StaticMarkup";
import { CAROUSEL_CARD_SIZES, PRODUCT_ITEMS, serverDrawnItems } from "@/carousel/settings";
import ProductCard, { outletCalloutOf } from "@/catalog/ProductCard";
import { categoryPath, getCategoryListing, getSpecialListing, listingProductsCall, specialPath } from "@/catalog/data";
import ListingCarousel from "@/catalog/ListingCarousel";
import { bannerLook } from "@/promotions/Banners";
import bannerStyles from "@/promotions/Banners.module.css";
import { cleanEditorHtml } from "../editor-html";
import EditorMap from "./Map";
import ConsoleErrors from "./ConsoleErrors";
import styles from "./tags.module.css";

type Attribs = Record<string, string>;
const SORTS = new Set(["position", "name", "price", "top_rated", "rating", "newest"]);

/**
 * The product carousel tag: products of a category (data-category, its url key) or a special
 * catalogue (data-special "attribute/value", e.g. condition/open-box or promotion/<program id>),
 * in data-sort order, up to data-limit (default 18).
 */
export async function ProductCarouselTag({ attribs: a, inDocument = false }: {
  attribs: Attribs;
  /** the tag is always in the document's HTML (not inside another tag): its first set's cards may travel by reference */
  inDocument?: boolean;
}) {
  const limit = parseCount(a["data-limit"], PRODUCT_CAROUSEL_DEFAULT_LIMIT, 1, 100);
  const order = SORTS.has(a["data-sort"] ?? "") ? a["data-sort"] : undefined;
  const dir = a["data-dir"] === "asc" || a["data-dir"] === "desc" ? a["data-dir"] : undefined;
  const state = JSON.stringify({ page: 1, filters: [], order, dir });
  const [attribute, value] = (a["data-special"] ?? "").split("/", 2);
  const special = Boolean(attribute && value);
  const category = a["data-category"]?.trim();
  if (!special && !category) return null;
  const [config, outcome] = await Promise.all([
    getConfig(),
    special ? getSpecialListing(attribute!, value!, state, limit, attribute === "promotion") : getCategoryListing(category!, state, limit),
  ]);
  if (!outcome.ok) return null;
  const products = outcome.data.products ?? [];
  const title = a["data-title"] || outcome.data.name;
  const outletCallout = outletCalloutOf(config);
  const drawn = products.slice(0, serverDrawnItems(PRODUCT_ITEMS));
  const source = listingProductsCall(special ? specialPath(attribute!, value!) : categoryPath(category!), outcome.state, limit);
  const href = special ? (attribute === "promotion" ? `/catalog/special/promotion/${pathParam(value!)}` : `/special/${pathParam(attribute!)}/${pathParam(value!)}`) : `/catalog/${pathParam(category!)}`;
  return (
    <section className={styles.productCarousel} aria-label={title}>
      <div className={styles.sectionHead}>
        <h2>{title}</h2>
        {parseBooleanAttribute(a["data-link"]) && <Link href={href} prefetch={false} className="text-link">Shop all<span className="visually-hidden"> {title}</span></Link>}
      </div>
      <ListingCarousel key={source} label={title} itemsPerDisplay={PRODUCT_ITEMS} drawn={drawn.map((p) => p.entity_id)} total={products.length}
        source={source} outletCallout={outletCallout} sizes={CAROUSEL_CARD_SIZES}>
        {/* the cards have no controls of their own here: markup the browser keeps without hydrating it */}
        {drawn.map((p) => (
          <StaticMarkup key={p.entity_id} className={styles.staticCard}>
            <ProductCard product={p} outletCallout={outletCallout} sizes={CAROUSEL_CARD_SIZES} alwaysDrawn={inDocument} />
          </StaticMarkup>
        ))}
      </ListingCarousel>
    </section>
  );
}

/**
 * The promotions tag (spec 000 §4, §5, §8, §9): the banners of its data-type, up to data-limit
 * (default 100 per element), ordered by data-order (default end_date), in a carousel of 1, 2, 3, 4, 5
 * per breakpoint. Without data-type, or when loading fails, nothing renders and the console says why.
 */
export async function PromotionsTag({ attribs: a }: { attribs: Attribs }) {
  const type = a["data-type"]?.trim();
  if (!type) {
    console.error(PROMOTIONS_MISSING_TYPE);
    return <ConsoleErrors messages={[PROMOTIONS_MISSING_TYPE]} />;
  }
  const query = new URLSearchParams({
    limit: String(parseCount(a["data-limit"], PROMOTIONS_TAG_DEFAULT_LIMIT, 1, 100)),
    order: a["data-order"]?.trim() || PROMOTIONS_TAG_DEFAULT_ORDER,
  });
  for (const name of ["category", "manufacturer", "displaymode"]) if (a[`data-${name}`]?.trim()) query.set(name, a[`data-${name}`]!.trim());
  let banners: PromoBanner[];
  try {
    banners = await apiGetShared<PromoBanner[]>(`/promobanners/bannertype/${pathParam(type)}?${query}`);
  } catch (error) {
    const message = `${PROMOTIONS_LOAD_FAILED_PREFIX}${error instanceof Error ? error.message : String(error)}`;
    console.error(message);
    return <ConsoleErrors messages={[message]} />;
  }
  if (!Array.isArray(banners) || banners.length === 0) return null;
  const nonce = banners.some((b) => bannerLook(b).css) ? await cspNonce() : undefined;
  const label = a["data-title"] || "Promotions";
  return (
    <div className={styles.promotions}>
      <Carousel label={label} itemsPerDisplay={PROMOTIONS_TAG_ITEMS}>
        {banners.map((b) => {
          const { kind, css } = bannerLook(b);
          return (
            <div key={b.banner_id} className={`${bannerStyles.item} ${styles.promotion}`} data-kind={kind}>
              {css && <style nonce={nonce} dangerouslySetInnerHTML={{ __html: noteStyle(css) }} />}
              <div className={`cms-content ${bannerStyles.content}`} dangerouslySetInnerHTML={{ __html: cleanEditorHtml(b.content) }} />
            </div>
          );
        })}
      </Carousel>
    </div>
  );
}

/**
 * The brand list tag: logos linking to each brand's catalogue, the brands of data-brands (url keys)
 * in that order, or else the catalogue's largest brands; up to data-limit (default 8).
 */
export async function BrandsTag({ attribs: a }: { attribs: Attribs }) {
  const limit = parseCount(a["data-limit"], 8, 1, 48);
  const listing = await getCategoryListing("default-category", JSON.stringify({ page: 1, filters: [] }), 1);
  const facet = listing.ok ? listing.data.filters.find((f) => f.attribute === "manufacturer") : undefined;
  const names = new Map((facet?.values ?? []).map((v) => [v.value, v.display_name]));
  const wanted = (a["data-brands"] ?? "").split(",").map((b) => b.trim()).filter(Boolean);
  const keys = wanted.length
    ? wanted.filter((k) => names.has(k))
    : [...(facet?.values ?? [])].filter((v) => v.product_count > 0).sort((x, y) => y.product_count - x.product_count).map((v) => v.value);
  if (keys.length === 0) return null;
  // plain links and pictures: kept as the server wrote them, not hydrated
  return (
    <StaticMarkup as="ul" className={styles.brands} aria-label={a["data-title"] || "Brands"}>
      {keys.slice(0, limit).map((key) => (
        <li key={key}>
          <Link href={`/special/manufacturer/${pathParam(key)}`} prefetch={false} className={styles.brand}>
            <Image src={`/media/brand/${pathParam(key)}.png`} alt={names.get(key) ?? key} width={200} height={100} className={styles.brandLogo} />
          </Link>
        </li>
      ))}
    </StaticMarkup>
  );
}

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The store-info tag: one store's card (data-store: its store code, e.g. HHO-PAS, or its id) with
 * address, phone, hours and directions, or every store's when data-store is absent.
 */
export async function StoreInfoTag({ attribs: a }: { attribs: Attribs }) {
  let stores: StoreLocation[];
  const [config] = await Promise.all([getConfig()]);
  try {
    stores = await apiGetShared<StoreLocation[]>("/locations");
  } catch (error) {
    console.error("store-info: the store locations could not be loaded:", error);
    return null;
  }
  const wanted = a["data-store"]?.trim();
  const shown = wanted ? stores.filter((s) => s.google_code === wanted || s.storelocationid === wanted) : stores;
  if (shown.length === 0) return null;
  return (
    <ul className={styles.stores} aria-label={a["data-title"] || "Stores"} data-count={shown.length}>
      {shown.map((store) => (
        <li key={store.storelocationid} className={styles.store}>
          <h3 className={styles.storeName}>{store.store_name || config.store_label || "Our Store"}</h3>
          <address className={styles.storeAddress}>
            {store.street}<br />{store.city}, {store.region} {store.postcode}
          </address>
          {store.phone && <p className={styles.storePhone}><a href={`tel:${store.phone.replace(/[^\d+]/g, "")}`}>{store.phone}</a></p>}
          {Object.keys(store.hours).length > 0 && (
            <details className={styles.storeHours}>
              <summary>Store hours</summary>
              <dl>
                {DAYS.filter((d) => store.hours[d]).map((d) => (
                  <div key={d}><dt>{capitalise(d)}</dt><dd>{store.hours[d]}</dd></div>
                ))}
              </dl>
            </details>
          )}
          <p className={styles.storeLinks}>
            <a href={`https://www.google.com/maps/dir/?api=1&destination=${store.latitude},${store.longitude}`} target="_blank" rel="noopener noreferrer" className="text-link">
              Directions<span className="visually-hidden"> to {store.store_name} (opens in a new tab)</span>
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The site-info tag: one allowed site configuration value (spec 000 §5 keys) as text; any other key prints nothing. */
export async function SiteInfoTag({ name }: { name: string | undefined }) {
  if (!isSiteInfoKey(name)) return null;
  const config = await getConfig();
  const value = name === "title" ? `${config.title_prefix}${config.name}${config.title_suffix}` : config[name];
  return <span data-site-info={name}>{String(value ?? "")}</span>;
}

/** The map tag with the store's Google place key, when it has one. */
export async function MapTag({ attribs: a }: { attribs: Attribs }) {
  const config = await getConfig();
  const number = (v: string | undefined, min: number, max: number) => {
    const n = v !== undefined && /^-?\d{1,3}(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
    return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
  };
  const lat = number(a["data-lat"], -90, 90);
  const lng = number(a["data-lng"], -180, 180);
  const address = a["data-address"]?.trim() ?? "";
  if ((lat === undefined || lng === undefined) && !address) return null;
  return (
    <EditorMap
      place={{ lat, lng, zoom: parseCount(a["data-zoom"], 14, 1, 21), title: a["data-title"] || address || config.name, address }}
      placeKey={config.google_place_key}
    />
  );
}
