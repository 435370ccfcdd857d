import type { CSSProperties, ReactNode } from "react";
import type { CatalogFilter, CatalogProduct, SiteConfig, SortOption } from "@store/contract";
import RebateModal from "@/promotions/RebateModal";
import { toLanguageTag } from "@/lib/format";
import { markupRef } from "@/lib/html";
import EndlessList from "./EndlessList";
import { FilterDrawer, FiltersToggle } from "./FilterDrawer";
import ActiveFilters from "./ActiveFilters";
import { visibleFacets } from "./facets";
import { filterPanelHtml } from "./filterPanelHtml";
import FilterPanelView from "./FilterPanelView";
import ModeToggle from "./ModeToggle";
import Pagination from "./Pagination";
import ProductTile, { writtenTiles, type TileOptions } from "./ProductTile";
import ListingGrid from "./ListingGrid";
import SortSelect from "./SortSelect";
import { flagOn, listingHref, offersToggle, pageCount, sortIndex, toApiParams, toQueryString, withPage, type DisplayMode, type ListingState } from "./url";
import { tilesPerRow } from "./sections";
import { outletCalloutOf, priorityImages } from "./ProductCard";
import ImagePreloads from "@/lib/ImagePreloads";
import styles from "./Listing.module.css";

/** What every listing answers (category, special catalogue, search). */
export interface ListingData {
  product_count: number;
  order: string;
  dir: string;
  sort_options: SortOption[];
  filters: CatalogFilter[];
  products?: CatalogProduct[];
}

export interface ListingViewProps {
  /** the storefront path the listing's links and forms point at */
  path: string;
  /** the api path of the listing (for endless scroll through this origin) */
  apiPath: string;
  state: ListingState;
  /** null when the listing could not be loaded */
  data: ListingData | null;
  config: SiteConfig;
  mode: DisplayMode;
  limit: number;
  /** the error text shown when data is null */
  errorText: string;
  emptyText: string;
  /** first-row images load eagerly with high priority (the page's LCP) */
  eagerImages?: boolean;
  /**
   * Merchandising shown across the grid right after its first row (a category's content blocks,
   * point-of-sale carousels): seen early, without pushing the first products below the fold.
   */
  afterFirstRow?: ReactNode;
}


/** How many tiles are loaded eagerly and with high fetch priority (the first row). */
const PRIORITY_TILES = 2;
const EAGER_TILES = 4;

/**
 * A product listing: filter panel (sidebar, or side drawer on small screens), toolbar with count,
 * sort and grid/list toggle, active filter chips, the tiles, and page links (or endless scroll).
 */
export default function ListingView({ path, apiPath, state, data, config, mode, limit, errorText, emptyText, eagerImages = true, afterFirstRow }: ListingViewProps) {
  const locale = toLanguageTag(config.locale);
  const currency = config.currency_code || "USD";
  const products = data?.products ?? [];
  const count = data?.product_count ?? 0;
  const last = pageCount(count, limit);
  const page = Math.min(state.page, last);
  const endless = flagOn(config.catalog_endless_page_scroll);
  const options: TileOptions = {
    layout: mode,
    outletCallout: outletCalloutOf(config),
    wishlist: flagOn(config.enable_wishlist),
    compare: flagOn(config.enable_compare),
    addToCart: flagOn(config.enable_checkout),
  };
  const filters = data?.filters ?? [];
  const activeCount = state.filters.reduce((n, f) => n + f.values.length, 0);
  const sortOptions = data?.sort_options ?? [];
  const currentSort = data ? sortIndex(sortOptions, data.order, data.dir) : -1;
  const first = count === 0 ? 0 : (page - 1) * limit + 1;
  const lastShown = Math.min(count, page * limit);
  const gridClass = `${styles.grid} ${mode === "list" ? styles.list : ""}`;
  const perRow = tilesPerRow(config);
  const priority = (i: number) => eagerImages && i < PRIORITY_TILES && page === 1;
  // a page of tiles is written as markup (ListingGrid); endless scroll's growing list is drawn as components
  const written = !endless && products.length > 0 ? writtenTiles(products, options, priority) : null;
  const preloads = priorityImages(products, priority, options.outletCallout);
  // placed on the grid's second row whatever the columns (CSS); in reading order after a desktop row
  const afterIndex = mode === "list" ? 1 : perRow.lg;
  const tiles = written ? [] : products.map((p, i) => (
    <li key={p.entity_id}>
      <ProductTile product={p} options={options} priority={priority(i)} />
    </li>
  ));
  if (afterFirstRow && tiles.length > 0) {
    tiles.splice(Math.min(tiles.length, afterIndex), 0, <li key="after-first-row" className={styles.afterFirstRow}>{afterFirstRow}</li>);
  }
  // the api query of this listing without page, for endless scroll
  const apiQuery = (() => {
    const q = toApiParams(state, { limit, page: 1 });
    q.set("embed", "products");
    return q.toString();
  })();

  // the facets as data, or in a document's render as the markup it carries once
  const hasFacets = visibleFacets(filters).length > 0;
  const panelData = { path, state, filters, currency };
  const filterPanel = (hasFacets ? markupRef(() => filterPanelHtml(panelData)) : undefined) ?? panelData;

  return (
    <div className={styles.listing} style={{ "--tiles-lg": perRow.lg, "--tiles-xl": perRow.xl } as CSSProperties}>
      {preloads.length > 0 && <ImagePreloads images={preloads} />}
      <FilterDrawer title="Filters">
        {hasFacets ? (
          <FilterPanelView action={path} query={toQueryString(state)} panel={filterPanel} />
        ) : <p className={styles.noFilters}>No filters for these products.</p>}
      </FilterDrawer>
      <div className={styles.results}>
        <div className={styles.toolbar}>
          <p className={styles.count} role="status">
            {data ? (
              count === 0 ? "0 products" : endless ? `${count.toLocaleString(locale)} ${count === 1 ? "product" : "products"}`
                : <>Showing {first.toLocaleString(locale)}–{lastShown.toLocaleString(locale)} of <span data-product-count={count}>{count.toLocaleString(locale)}</span> {count === 1 ? "product" : "products"}</>
            ) : null}
          </p>
          <div className={styles.controls}>
            <FiltersToggle count={activeCount} />
            {data && <SortSelect path={path} state={state} options={sortOptions} current={currentSort} />}
            {(offersToggle(config.catalog_frontend_list_mode) || state.mode) && <ModeToggle path={path} state={state} mode={mode} />}
          </div>
        </div>
        <ActiveFilters path={path} state={state} filters={filters} currency={currency} locale={locale} />
        <h2 className="visually-hidden">Products</h2>
        {!data ? (
          <p className={styles.error} role="alert">{errorText}</p>
        ) : products.length === 0 ? (
          <>
            <div className={styles.empty}>
              <p>{emptyText}</p>
              {activeCount > 0 && <p><a href={listingHref(path, { ...state, filters: [], page: 1 })}>Clear all filters</a></p>}
            </div>
            {afterFirstRow}
          </>
        ) : endless ? (
          <EndlessList
            apiPath={apiPath}
            apiQuery={apiQuery}
            page={page}
            lastPage={last}
            nextHref={page < last ? listingHref(path, withPage(state, page + 1)) : null}
            options={options}
            errorText={errorText}
            className={gridClass}
          >
            {tiles}
          </EndlessList>
        ) : (
          written ? (
            // a new page of results is a new grid: its buttons are drawn into its own tiles
            <ListingGrid key={`${path}${toQueryString(state)}`} className={gridClass} mode={mode} html={written.html} count={products.length} tiles={written.tiles}
              after={afterFirstRow ? { index: afterIndex, className: styles.afterFirstRow, content: afterFirstRow } : undefined} />
          ) : <ul className={gridClass} data-mode={mode}>{tiles}</ul>
        )}
        {data && !endless && <Pagination path={path} state={state} page={page} last={last} />}
      </div>
      {products.some((p) => (p.promotions ?? []).length > 0) && <RebateModal />}
    </div>
  );
}
