import type { CatalogFilter } from "@store/contract";
import { element, escapeHtml } from "@/lib/html";
import { isRangeFacet, visibleFacets } from "./facets";
import { listingHref, parseRange, setFilter, unionRange, type ListingState } from "./url";
import styles from "./Listing.module.css";

const VALUES_SHOWN = 8;

/** What the filter panel is drawn from. */
export interface FilterPanelData {
  path: string;
  state: ListingState;
  filters: CatalogFilter[];
  currency: string;
}

type FacetValue = CatalogFilter["values"][number];

const countHtml = (v: FacetValue) => element("span", { class: styles.valueCount }, ` (${v.product_count})`);

/**
 * The filter form's contents as markup (lib/html): facets with counts, checkboxes for values, price
 * buckets and a typed range; the first four facets and those with a selection open. A listing's
 * facets run to hundreds of values (the outlet), all plain elements the browser keeps as written.
 */
export function filterPanelHtml({ path, state, filters, currency }: FilterPanelData): string {
  let html = "";
  for (const name of ["order", "dir", "mode", "limit"] as const) {
    if (state[name]) html += element("input", { type: "hidden", name, value: state[name] });
  }
  visibleFacets(filters).forEach((facet, index) => {
    const selected = state.filters.find((f) => f.attribute === facet.attribute)?.values ?? [];
    const range = isRangeFacet(facet);
    const title = escapeHtml(facet.label) + (selected.length > 0 ? element("span", { class: styles.facetCount }, ` (${range ? 1 : selected.length} selected)`) : "");
    const body = range
      ? priceFacetHtml(path, state, facet, selected, currency)
      : element("fieldset", { class: styles.fieldset }, element("legend", { class: "visually-hidden" }, escapeHtml(facet.label)) + valueListHtml(facet, selected));
    html += element("details", { class: styles.facet, open: index < 4 || selected.length > 0, "data-facet": facet.attribute },
      element("summary", { class: styles.facetTitle }, title) + body);
  });
  return html + element("noscript", {}, element("button", { type: "submit", class: "button button--primary" }, "Apply filters"));
}

function valueListHtml(facet: CatalogFilter, selected: string[]): string {
  const checked = (v: FacetValue) => selected.includes(v.value) || v.selected;
  // the checkbox inside its label (no ids) and the count as one text: a listing of 200 values
  // (the outlet) is 30 KB lighter for it
  const row = (v: FacetValue) => element("li", {}, element("label", {},
    element("input", { type: "checkbox", name: facet.attribute, value: v.value, checked: checked(v) }) +
    (v.swatch && /^#[0-9a-f]{3,8}$/i.test(v.swatch) ? element("span", { class: styles.swatch, style: `background:${v.swatch}`, "aria-hidden": "true" }, "") : "") +
    escapeHtml(v.display_name) + countHtml(v)));
  // selected values and the first few stay visible; the rest fold away
  const shown = (v: FacetValue, i: number) => i < VALUES_SHOWN || checked(v);
  const head = facet.values.filter(shown);
  const rest = facet.values.filter((v, i) => !shown(v, i));
  let html = element("ul", { class: styles.values }, head.map(row).join(""));
  if (rest.length > 0) {
    html += element("details", { class: styles.more },
      element("summary", {}, `Show ${rest.length} more`) + element("ul", { class: styles.values }, rest.map(row).join("")));
  }
  return html;
}

function priceFacetHtml(path: string, state: ListingState, facet: CatalogFilter, selected: string[], currency: string): string {
  const id = `facet-${facet.attribute}`;
  const label = facet.label.toLowerCase();
  const current = unionRange(selected);
  const floor = facet.range ? Math.floor(facet.range.min) : 0;
  const ceil = facet.range ? Math.ceil(facet.range.max) : undefined;
  const from = facet.selected_range?.from ?? current?.from;
  const to = facet.selected_range?.to ?? current?.to;
  let html = "";
  if (facet.values.length > 0) {
    html += element("ul", { class: styles.values, "aria-label": `${facet.label} ranges` }, facet.values.map((v) => {
      const r = parseRange(v.value);
      const on = !!r && !!current && r.from === current.from && r.to === current.to;
      const next = setFilter(state, facet.attribute, on ? null : [v.value]);
      // the listing stays where it is scrolled (as the checkboxes' navigations do)
      return element("li", {}, element("a", { href: listingHref(path, next), class: styles.bucket, "aria-current": on ? "true" : undefined, "data-scroll": "keep" },
        escapeHtml(v.display_name) + countHtml(v)));
    }).join(""));
  }
  const input = (end: "from" | "to", placeholder: string, value: number | string) => element("input", {
    id: `${id}-${end}`, name: `${facet.attribute}__${end}`, type: "number", inputmode: "decimal", min: 0, step: "any",
    placeholder, value, class: styles.rangeInput,
  });
  html += element("fieldset", { class: styles.rangeInputs },
    element("legend", { class: styles.rangeLegend }, escapeHtml(`Custom ${label} range${currency === "USD" ? " ($)" : ` (${currency})`}`)) +
    element("label", { for: `${id}-from`, class: "visually-hidden" }, escapeHtml(`Minimum ${label}`)) +
    input("from", `${floor}`, from ?? "") +
    element("span", { "aria-hidden": "true" }, "–") +
    element("label", { for: `${id}-to`, class: "visually-hidden" }, escapeHtml(`Maximum ${label}`)) +
    input("to", ceil !== undefined ? `${ceil}` : "", to !== undefined && to < 99999999 ? to : "") +
    element("button", { type: "submit", class: `button button--secondary ${styles.rangeApply}` },
      `Go${element("span", { class: "visually-hidden" }, escapeHtml(`: apply ${label} range`))}`));
  return element("div", { class: styles.price }, html);
}
