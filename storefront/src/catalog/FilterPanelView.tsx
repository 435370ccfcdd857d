"use client";

import type { ComponentProps } from "react";
import FilterPanel from "./FilterPanel";

/**
 * The filter form as a client component: the page sends the listing's facets (a few kB of data)
 * and the form is drawn from them, instead of every facet value's label, checkbox and count
 * travelling as elements in the RSC payload beside the form's HTML.
 */
export default function FilterPanelView(props: ComponentProps<typeof FilterPanel>) {
  return <FilterPanel {...props} />;
}
