"use client";

import { useMemo } from "react";
import type { Markup } from "@/lib/html";
import StaticMarkup from "@/lib/StaticMarkup";
import FilterForm from "./FilterForm";
import { filterPanelHtml, type FilterPanelData } from "./filterPanelHtml";
import styles from "./Listing.module.css";

/**
 * The filter form: its contents written as markup (filterPanelHtml) from the listing's facets,
 * which the page sends as data, or already written on the server where the document carries them
 * once (lib/html); FilterForm gives the form its behaviour.
 */
export default function FilterPanelView({ action, query, panel }: {
  action: string;
  /** the listing's current query (see FilterForm) */
  query: string;
  panel: FilterPanelData | Markup;
}) {
  const html = useMemo(() => (typeof panel === "object" && "filters" in panel ? filterPanelHtml(panel) : panel), [panel]);
  return (
    <FilterForm action={action} query={query} className={styles.filterForm}>
      <StaticMarkup html={html} />
    </FilterForm>
  );
}
