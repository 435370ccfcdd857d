import type { SiteConfig } from "@store/contract";

/** Pure helpers of the category page (breadcrumb, landing sections, posm sets, tiles per row). */

export const BREADCRUMB_MAX = 4;
export const BREADCRUMB_MAX_LEVEL = 5;

/** Up to 4 ancestor categories with a level under 5 (spec 002 §2), root excluded, top first. */
export function breadcrumbAncestors<T extends { level: number; url_key: string }>(ancestors: readonly T[]): T[] {
  return ancestors.filter((a) => a.level > 1 && a.level < BREADCRUMB_MAX_LEVEL && a.url_key !== "default-category").slice(-BREADCRUMB_MAX);
}

/** The landing sections the api answers for a category whose display mode includes PAGE. */
export interface LandingData {
  layout?: string;
  hero_block?: string;
  featured?: { title?: string; attribute?: string; value?: string; special_catalog?: string; limit?: number };
  banner_type?: string;
  blog_post_ids?: (string | number)[];
  brand_ids?: (string | number)[];
  custom_block?: string;
  section_order?: string[];
}

export const DEFAULT_SECTION_ORDER = ["hero", "featured", "banners", "blogs", "brands", "custom"] as const;

/** The landing record as typed sections (anything malformed is left out). */
export function landingOf(raw: Record<string, unknown> | null | undefined): LandingData | null {
  if (!raw || typeof raw !== "object") return null;
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string | number => typeof x === "string" || typeof x === "number") : undefined);
  const f = raw.featured && typeof raw.featured === "object" ? raw.featured as Record<string, unknown> : undefined;
  return {
    layout: str(raw.layout),
    hero_block: str(raw.hero_block),
    featured: f ? {
      title: str(f.title), attribute: str(f.attribute), value: str(f.value), special_catalog: str(f.special_catalog),
      limit: typeof f.limit === "number" ? f.limit : undefined,
    } : undefined,
    banner_type: str(raw.banner_type),
    blog_post_ids: list(raw.blog_post_ids),
    brand_ids: list(raw.brand_ids),
    custom_block: str(raw.custom_block),
    section_order: list(raw.section_order)?.map(String),
  };
}

/**
 * The point-of-sale marketing sets a listing shows: the category's override (by url key or id)
 * from catalog_posm_overrides, else available_posm_options. An override may be a list, a comma
 * list, or an object with `options`.
 */
export function posmOptions(config: Pick<SiteConfig, "available_posm_options" | "catalog_posm_overrides">, keys: string[]): string[] {
  const clean = (v: unknown): string[] | null => {
    if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim());
    if (typeof v === "string") return v.split(",").map((x) => x.trim()).filter(Boolean);
    if (v && typeof v === "object" && "options" in v) return clean((v as { options: unknown }).options);
    return null;
  };
  const overrides = config.catalog_posm_overrides ?? {};
  for (const key of keys) {
    if (key && Object.prototype.hasOwnProperty.call(overrides, key)) return clean(overrides[key]) ?? [];
  }
  return clean(config.available_posm_options) ?? [];
}

/** Tiles per row at lg and xl (spec 002 §3, §9: 3 and 4), from display_features.product_grid.tiles_per_row. */
export function tilesPerRow(config: Pick<SiteConfig, "display_features">): { lg: number; xl: number } {
  const grid = (config.display_features as { product_grid?: { tiles_per_row?: Record<string, unknown> } } | undefined)?.product_grid;
  const pick = (v: unknown, fallback: number) => (typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 6 ? v : fallback);
  return { lg: pick(grid?.tiles_per_row?.lg, 3), xl: pick(grid?.tiles_per_row?.xl, 4) };
}

/**
 * Pictures of editor HTML served from /media through the image optimiser at a given width (the
 * optimiser answers WebP, far smaller than the stored PNG); other pictures are left alone.
 */
export function optimiseEditorImages(html: string, width: number): string {
  return html.replace(/(<img\b[^>]*?\ssrc=")(\/media\/[^"?#]+\.(?:png|jpe?g|webp))(")/gi,
    (_, before: string, src: string, after: string) => `${before}/_next/image?url=${encodeURIComponent(src)}&amp;w=${width}&amp;q=75${after}`);
}
