/**
 * URL grammar of the generated imagery, shared by the renderer (which parses it) and the demo
 * seed (which writes it into product rows), so the two cannot drift apart.
 *
 *   /media/product/<kind>/<rrggbb>/<variant>.<png|webp>
 *   /media/brand/<url_key>.<png|webp>
 *   /media/logo.svg, /media/favicon.png
 *
 * A product variant number packs three small choices: the silhouette style within the kind
 * (french door vs side-by-side…), a cosmetic tweak (handles, legs, proportions) and the view
 * (front, angle, detail, room, dimensions).
 */

/** Image kinds and how many silhouette styles each one draws. */
export const IMAGE_KINDS = {
  refrigerator: 5, // french door, side-by-side, top freezer, bottom freezer, compact
  freezer: 2, // chest, upright
  range: 5, // gas, electric, induction, wall oven, cooktop
  hood: 2, // chimney, under-cabinet
  dishwasher: 3, // built-in hidden controls, front controls, portable
  microwave: 3, // countertop, over-the-range, built-in
  washer: 2, // front load, top load
  dryer: 1,
  tv: 2, // on feet, on a pedestal
  projector: 1,
  monitor: 2, // flat, ultrawide
  laptop: 1,
  tablet: 1,
  desktop: 2, // tower and monitor, all-in-one
  speaker: 3, // bookshelf, portable cylinder, floor-standing
  soundbar: 1,
  headphones: 2, // over-ear, earbuds
  receiver: 1,
  sofa: 3, // sofa, sectional, loveseat
  chair: 4, // recliner, dining chair, office chair, bar stool
  bed: 2, // bed frame, mattress
  table: 3, // dining table, coffee table, desk
  storage: 4, // dresser, nightstand, tv stand, bookcase
  accessory: 4, // filter cartridge, kit box, cable, wall mount
  plan: 1, // protection-plan shield
  generic: 1,
} as const;

export type ImageKind = keyof typeof IMAGE_KINDS;

export const IMAGE_VIEWS = ["front", "angle", "detail", "room", "dimensions"] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];

/** Cosmetic tweaks per style (handle shape, legs, proportions): more variety in a grid. */
export const IMAGE_TWEAKS = 4;

export type ImageFormat = "png" | "webp";

export interface ProductImageSpec {
  kind: ImageKind;
  /** six lowercase hex digits, no '#' */
  color: string;
  style: number;
  tweak: number;
  view: ImageView;
}

export function isImageKind(value: string): value is ImageKind {
  return Object.prototype.hasOwnProperty.call(IMAGE_KINDS, value);
}

export function variantCount(kind: ImageKind): number {
  return IMAGE_KINDS[kind] * IMAGE_TWEAKS * IMAGE_VIEWS.length;
}

export function encodeVariant(kind: ImageKind, style: number, tweak: number, view: ImageView): number {
  const styles = IMAGE_KINDS[kind];
  const s = ((style % styles) + styles) % styles;
  const t = ((tweak % IMAGE_TWEAKS) + IMAGE_TWEAKS) % IMAGE_TWEAKS;
  return (s * IMAGE_TWEAKS + t) * IMAGE_VIEWS.length + IMAGE_VIEWS.indexOf(view) + 1;
}

export function decodeVariant(kind: ImageKind, variant: number): { style: number; tweak: number; view: ImageView } | null {
  if (!Number.isInteger(variant) || variant < 1 || variant > variantCount(kind)) return null;
  const n = variant - 1;
  const view = IMAGE_VIEWS[n % IMAGE_VIEWS.length];
  const rest = Math.floor(n / IMAGE_VIEWS.length);
  return { style: Math.floor(rest / IMAGE_TWEAKS), tweak: rest % IMAGE_TWEAKS, view };
}

export function normalizeHex(color: string): string {
  return color.replace(/^#/, "").toLowerCase();
}

export function productImagePath(spec: ProductImageSpec, format: ImageFormat = "png"): string {
  const variant = encodeVariant(spec.kind, spec.style, spec.tweak, spec.view);
  return `/media/product/${spec.kind}/${normalizeHex(spec.color)}/${variant}.${format}`;
}

export function brandLogoPath(urlKey: string, format: ImageFormat = "png"): string {
  return `/media/brand/${urlKey}.${format}`;
}

export const STORE_LOGO_PATH = "/media/logo.svg";
/** Logo designs of the demo stores: the wordmark (the store's name) and the mark alone (logoUrlSmall). */
export const LOGO_DESIGNS = ["hearth", "northwind", "brightline"] as const;
export type LogoDesign = (typeof LOGO_DESIGNS)[number];
export const logoPath = (design: LogoDesign, mark = false) => `/media/logo/${design}${mark ? "-mark" : ""}.svg`;
export const FAVICON_PATH = "/media/favicon.png";
/** Category icons (the kiosk header's menu tiles): one line drawing per top-level category of the demo. */
export const CATEGORY_ICONS = ["appliances", "electronics", "furniture", "accessories", "outlet"] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];
/** The icon of a top-level category by its url key, or "" when the demo draws none for it. */
export const categoryIconUrl = (urlKey: string) => ((CATEGORY_ICONS as readonly string[]).includes(urlKey) ? `/media/icon/${urlKey}.svg` : "");
