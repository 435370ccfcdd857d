import Link from "next/link";
import type { CatalogFilter } from "@store/contract";
import FilterForm from "./FilterForm";
import { activeChips, isRangeFacet, visibleFacets } from "./facets";
import { clearFilters, listingHref, parseRange, setFilter, toQueryString, toggleValue, unionRange, type ListingState } from "./url";
import styles from "./Listing.module.css";

const VALUES_SHOWN = 8;

/** The filter form: facets with counts, checkboxes for values, price buckets and a typed range. */
export default function FilterPanel({ path, state, filters, currency }: {
  path: string;
  state: ListingState;
  filters: CatalogFilter[];
  currency: string;
}) {
  const facets = visibleFacets(filters);
  if (facets.length === 0) return <p className={styles.noFilters}>No filters for these products.</p>;
  const selectedOf = (attribute: string) => state.filters.find((f) => f.attribute === attribute)?.values ?? [];
  return (
    <FilterForm action={path} query={toQueryString(state)} className={styles.filterForm}>
      {state.order && <input type="hidden" name="order" value={state.order} />}
      {state.dir && <input type="hidden" name="dir" value={state.dir} />}
      {state.mode && <input type="hidden" name="mode" value={state.mode} />}
      {state.limit && <input type="hidden" name="limit" value={state.limit} />}
      {facets.map((facet, index) => {
        const selected = selectedOf(facet.attribute);
        const open = index < 4 || selected.length > 0;
        const id = `facet-${facet.attribute}`;
        return (
          <details key={facet.attribute} className={styles.facet} open={open}>
            <summary className={styles.facetTitle}>
              {facet.label}
              {selected.length > 0 && <span className={styles.facetCount}> ({isRangeFacet(facet) ? 1 : selected.length} selected)</span>}
            </summary>
            {isRangeFacet(facet) ? (
              <PriceFacet path={path} state={state} facet={facet} selected={selected} currency={currency} id={id} />
            ) : (
              <fieldset className={styles.fieldset}>
                <legend className="visually-hidden">{facet.label}</legend>
                <ValueList facet={facet} selected={selected} />
              </fieldset>
            )}
          </details>
        );
      })}
      <noscript>
        <button type="submit" className="button button--primary">Apply filters</button>
      </noscript>
    </FilterForm>
  );
}

function ValueList({ facet, selected }: { facet: CatalogFilter; selected: string[] }) {
  const values = facet.values;
  const checked = (v: CatalogFilter["values"][number]) => selected.includes(v.value) || v.selected;
  // the checkbox inside its label (no ids) and the count as one text: a listing of 200 values
  // (the outlet) is 30 KB lighter for it
  const row = (v: CatalogFilter["values"][number]) => (
    <li key={v.value}>
      <label>
        <input type="checkbox" name={facet.attribute} value={v.value} defaultChecked={checked(v)} />
        {v.swatch && /^#[0-9a-f]{3,8}$/i.test(v.swatch) && <span className={styles.swatch} style={{ background: v.swatch }} aria-hidden="true" />}
        {v.display_name}
        <span className={styles.valueCount}>{` (${v.product_count})`}</span>
      </label>
    </li>
  );
  // selected values and the first few stay visible; the rest fold away
  const shown = (v: CatalogFilter["values"][number], i: number) => i < VALUES_SHOWN || checked(v);
  const head = values.filter(shown);
  const rest = values.filter((v, i) => !shown(v, i));
  return (
    <>
      <ul className={styles.values}>{head.map(row)}</ul>
      {rest.length > 0 && (
        <details className={styles.more}>
          <summary>Show {rest.length} more</summary>
          <ul className={styles.values}>{rest.map(row)}</ul>
        </details>
      )}
    </>
  );
}

function PriceFacet({ path, state, facet, selected, currency, id }: {
  path: string; state: ListingState; facet: CatalogFilter; selected: string[]; currency: string; id: string;
}) {
  const current = unionRange(selected);
  const floor = facet.range ? Math.floor(facet.range.min) : 0;
  const ceil = facet.range ? Math.ceil(facet.range.max) : undefined;
  const sr = facet.selected_range;
  const from = sr?.from ?? current?.from;
  const to = sr?.to ?? current?.to;
  return (
    <div className={styles.price}>
      {facet.values.length > 0 && (
        <ul className={styles.values} aria-label={`${facet.label} ranges`}>
          {facet.values.map((v) => {
            const r = parseRange(v.value);
            const on = !!r && !!current && r.from === current.from && r.to === current.to;
            const next = on ? setFilter(state, facet.attribute, null) : setFilter(state, facet.attribute, [v.value]);
            return (
              <li key={v.value}>
                <Link href={listingHref(path, next)} className={styles.bucket} aria-current={on ? "true" : undefined} scroll={false} prefetch={false}>
                  {v.display_name}
                  <span className={styles.valueCount}>{` (${v.product_count})`}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <fieldset className={styles.rangeInputs}>
        <legend className={styles.rangeLegend}>Custom {facet.label.toLowerCase()} range{currency === "USD" ? " ($)" : ` (${currency})`}</legend>
        <label htmlFor={`${id}-from`} className="visually-hidden">Minimum {facet.label.toLowerCase()}</label>
        <input
          id={`${id}-from`} name={`${facet.attribute}__from`} type="number" inputMode="decimal" min={0} step="any"
          placeholder={`${floor}`} defaultValue={from ?? ""} className={styles.rangeInput}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={`${id}-to`} className="visually-hidden">Maximum {facet.label.toLowerCase()}</label>
        <input
          id={`${id}-to`} name={`${facet.attribute}__to`} type="number" inputMode="decimal" min={0} step="any"
          placeholder={ceil !== undefined ? `${ceil}` : ""} defaultValue={to !== undefined && to < 99999999 ? to : ""} className={styles.rangeInput}
        />
        <button type="submit" className={`button button--secondary ${styles.rangeApply}`}>Go<span className="visually-hidden">: apply {facet.label.toLowerCase()} range</span></button>
      </fieldset>
    </div>
  );
}

/** Active filters as removable chips with 'Clear all'. */
export function ActiveFilters({ path, state, filters, currency, locale }: {
  path: string; state: ListingState; filters: CatalogFilter[]; currency: string; locale: string;
}) {
  const chips = activeChips(state, filters, currency, locale);
  if (chips.length === 0) return null;
  return (
    <div className={styles.chips}>
      <h2 className="visually-hidden">Active filters</h2>
      <ul>
        {chips.map((chip) => {
          const next = chip.value === null ? setFilter(state, chip.attribute, null) : toggleValue(state, chip.attribute, chip.value);
          return (
            <li key={`${chip.attribute}:${chip.value ?? "range"}`}>
              <Link href={listingHref(path, next)} className={styles.chip} scroll={false} prefetch={false} aria-label={`Remove filter ${chip.label}: ${chip.text}`}>
                <span className={styles.chipLabel}>{chip.label}:</span> {chip.text}
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" /></svg>
              </Link>
            </li>
          );
        })}
        <li>
          <Link href={listingHref(path, clearFilters(state))} className={styles.clearAll} scroll={false} prefetch={false}>Clear all</Link>
        </li>
      </ul>
    </div>
  );
}

