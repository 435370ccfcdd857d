/**
 * Generated imagery: product pictures, brand tiles, the store logo and favicon, drawn as SVG and
 * rasterised with sharp. Nothing is fetched or stored on disk; a bounded LRU keeps recent renders.
 */
import sharp from "sharp";
import { DRAWERS, defs, palette } from "./shapes";
import { CATEGORY_ICONS, LOGO_DESIGNS, decodeVariant, isImageKind, type CategoryIcon, type ImageFormat, type ImageKind, type ImageView, type LogoDesign } from "./paths";

export interface MediaAsset {
  body: Buffer;
  contentType: string;
}

export interface MediaServiceOptions {
  /** wordmark of /media/logo.svg; a function is asked on every logo render that misses the cache */
  storeName?: string | (() => string | Promise<string>);
  /** rendered images kept in memory; default 500 */
  cacheEntries?: number;
}

const SIZE = 800;
const DEFAULT_STORE_NAME = "Hearth & Home Outfitters";
const CONTENT_TYPES: Record<ImageFormat | "svg", string> = { png: "image/png", webp: "image/webp", svg: "image/svg+xml; charset=utf-8" };
const FONT = "DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif";

/** Least-recently-used cache: a Map keeps insertion order, so re-inserting marks an entry fresh. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
  }

  get size(): number {
    return this.map.size;
  }
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

// ------------------------------------------------------------------------------------------
// request paths
// ------------------------------------------------------------------------------------------

type MediaRequest =
  | { type: "product"; kind: ImageKind; color: string; style: number; tweak: number; view: ImageView; format: ImageFormat }
  | { type: "brand"; key: string; format: ImageFormat }
  | { type: "logo"; design?: LogoDesign; mark?: boolean }
  | { type: "favicon" }
  | { type: "icon"; icon: CategoryIcon };

const LOGO_PATH = /^logo\/([a-z]+)(-mark)?\.svg$/;
const ICON_PATH = /^icon\/([a-z]+)\.svg$/;

const PRODUCT_PATH = /^product\/([a-z]+)\/([0-9a-f]{6})\/([1-9][0-9]{0,3})\.(png|webp)$/;
const BRAND_PATH = /^brand\/([a-z0-9]+(?:-[a-z0-9]+)*)\.(png|webp)$/;

/** Parses the part after /media/; null for anything that is not exactly a known image. */
export function parseMediaPath(path: string): MediaRequest | null {
  if (path === "logo.svg") return { type: "logo" };
  const logo = LOGO_PATH.exec(path);
  if (logo) return (LOGO_DESIGNS as readonly string[]).includes(logo[1]!) ? { type: "logo", design: logo[1] as LogoDesign, mark: !!logo[2] } : null;
  if (path === "favicon.png") return { type: "favicon" };
  const icon = ICON_PATH.exec(path);
  if (icon) return (CATEGORY_ICONS as readonly string[]).includes(icon[1]!) ? { type: "icon", icon: icon[1] as CategoryIcon } : null;
  const product = PRODUCT_PATH.exec(path);
  if (product) {
    const [, kind, color, variant, format] = product;
    if (!isImageKind(kind)) return null;
    const decoded = decodeVariant(kind, Number(variant));
    if (!decoded) return null;
    return { type: "product", kind, color, ...decoded, format: format as ImageFormat };
  }
  const brand = BRAND_PATH.exec(path);
  if (brand && brand[1].length <= 64) return { type: "brand", key: brand[1], format: brand[2] as ImageFormat };
  return null;
}

// ------------------------------------------------------------------------------------------
// SVG documents
// ------------------------------------------------------------------------------------------

const ROOM_WALLS = ["#e9e4dc", "#dfe7ea", "#ece6ef", "#e4eadf"];

/** The product drawing framed for one of the five views. */
export function productSvg(kind: ImageKind, color: string, style: number, tweak: number, view: ImageView): string {
  const p = palette(color);
  const drawing = DRAWERS[kind](p, style, tweak);
  // small proportion changes per tweak keep same-colour products from looking identical
  const widen = 1 + (tweak - 1.5) * 0.03;
  const body = `<g transform="translate(400 0) scale(${widen.toFixed(3)} 1) translate(-400 0)">${drawing}</g>`;
  let background = `<rect width="${SIZE}" height="${SIZE}" fill="#f5f6f8"/><rect y="690" width="${SIZE}" height="110" fill="#eceef1"/>`;
  let content = body;
  switch (view) {
    case "angle":
      content = `<g transform="translate(400 690) skewY(-6) scale(0.9 0.96) translate(-400 -690)">${body}</g>` +
        `<rect x="0" y="0" width="${SIZE}" height="${SIZE}" fill="url(#sheen)"/>`;
      break;
    case "detail":
      content = `<g transform="translate(400 360) scale(1.9) translate(-400 -360)">${body}</g>`;
      background = `<rect width="${SIZE}" height="${SIZE}" fill="#f5f6f8"/>`;
      break;
    case "room": {
      const wall = ROOM_WALLS[tweak % ROOM_WALLS.length];
      background = `<rect width="${SIZE}" height="${SIZE}" fill="${wall}"/><rect x="70" y="90" width="200" height="260" fill="#ffffff" opacity="0.7"/>` +
        `<rect x="80" y="100" width="85" height="240" fill="#cfe3f2"/><rect x="175" y="100" width="85" height="240" fill="#cfe3f2"/>` +
        `<rect y="640" width="${SIZE}" height="160" fill="#b88a5a"/><rect y="640" width="${SIZE}" height="10" fill="#8f6a45"/>` +
        `<rect x="640" y="420" width="18" height="220" fill="#1f6f50" opacity="0.25"/><circle cx="649" cy="400" r="55" fill="#1f6f50" opacity="0.35"/>`;
      content = `<g transform="translate(430 650) scale(0.72) translate(-400 -690)">${body}</g>`;
      break;
    }
    case "dimensions": {
      const arrow = (x1: number, y1: number, x2: number, y2: number): string =>
        `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#1a4d8f" stroke-width="4" marker-start="url(#arrow)" marker-end="url(#arrow)"/>`;
      content = `<g transform="translate(400 650) scale(0.78) translate(-400 -690)">${body}</g>` +
        arrow(140, 740, 660, 740) + arrow(730, 130, 730, 650) +
        `<text x="400" y="780" font-family="${FONT}" font-size="28" text-anchor="middle" fill="#1a4d8f">W</text>` +
        `<text x="765" y="400" font-family="${FONT}" font-size="28" text-anchor="middle" fill="#1a4d8f">H</text>`;
      break;
    }
    case "front":
      break;
  }
  const extraDefs = `<linearGradient id="sheen" x1="0" x2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
    `<marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z" fill="#1a4d8f"/></marker>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><defs>${defs(p)}${extraDefs}</defs>${background}${content}</svg>`;
}

const BRAND_COLORS = ["#1a4d8f", "#b3261e", "#1f6f50", "#3b3d40", "#7b4fa8", "#0f7c90", "#8f5a1f", "#2f6db3"];

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** "alder-oak" -> "Alder Oak" (the tile only needs a readable wordmark). */
export function brandNameFromKey(key: string): string {
  return key.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

/** Splits a long wordmark at the space nearest its middle. */
function wordmarkLines(name: string): string[] {
  if (name.length <= 12 || !name.includes(" ")) return [name];
  let best = -1;
  for (let i = name.indexOf(" "); i !== -1; i = name.indexOf(" ", i + 1)) {
    if (best === -1 || Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2)) best = i;
  }
  return [name.slice(0, best), name.slice(best + 1)];
}

export function brandSvg(key: string): string {
  const lines = wordmarkLines(brandNameFromKey(key));
  const color = BRAND_COLORS[hashString(key) % BRAND_COLORS.length];
  const longest = Math.max(...lines.map((l) => l.length));
  // a bold sans glyph averages about 0.66 em: keep the widest line inside 340 px
  const fontSize = Math.max(18, Math.min(60, Math.floor(340 / (0.66 * Math.max(1, longest)))));
  const lineHeight = fontSize * 1.1;
  const top = 88 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
  const text = lines
    .map((l, i) => `<text x="200" y="${(top + i * lineHeight).toFixed(1)}" font-family="${FONT}" font-weight="bold" font-size="${fontSize}" text-anchor="middle" fill="${color}">${escapeXml(l)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">` +
    `<rect x="2" y="2" width="396" height="196" rx="18" fill="#ffffff" stroke="#e1e4e8" stroke-width="4"/>` +
    `<rect x="40" y="${Math.min(182, top + (lines.length - 1) * lineHeight + fontSize * 0.3 + 10).toFixed(1)}" width="320" height="6" rx="3" fill="${color}" opacity="0.85"/>${text}</svg>`;
}

export function logoSvg(storeName: string): string {
  const name = escapeXml(storeName);
  const width = Math.max(240, 90 + storeName.length * 17);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64" role="img" aria-label="${name}">` +
    `<rect x="4" y="6" width="52" height="52" rx="12" fill="#1a4d8f"/>` +
    `<path d="M14 34 L30 20 L46 34 L46 48 L36 48 L36 38 L24 38 L24 48 L14 48 Z" fill="#ffffff"/>` +
    `<rect x="38" y="18" width="5" height="10" fill="#f2a900"/>` +
    `<text x="70" y="41" font-family="${FONT}" font-weight="bold" font-size="26" fill="#1a4d8f">${name}</text></svg>`;
}

/** The demo stores' logos: each its own mark and colours beside the store's name, or the mark alone. */
const DESIGNS: Record<LogoDesign, { ink: string; mark: string }> = {
  hearth: {
    ink: "#1a4d8f",
    mark: `<rect x="4" y="6" width="52" height="52" rx="12" fill="#1a4d8f"/><path d="M14 34 L30 20 L46 34 L46 48 L36 48 L36 38 L24 38 L24 48 L14 48 Z" fill="#ffffff"/><rect x="38" y="18" width="5" height="10" fill="#f2a900"/>`,
  },
  northwind: {
    ink: "#0f5f59",
    mark: `<circle cx="30" cy="32" r="26" fill="#0f766e"/><path d="M12 30 C20 22 28 38 36 30 S48 24 50 28" stroke="#ffffff" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M12 40 C20 32 28 48 36 40 S48 34 50 38" stroke="#f59e0b" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  },
  brightline: {
    ink: "#7c2d12",
    mark: `<rect x="4" y="6" width="52" height="52" rx="4" fill="#fde047"/><path d="M34 12 L18 36 L29 36 L24 54 L42 28 L31 28 Z" fill="#7c2d12"/>`,
  },
};

export function designedLogoSvg(design: LogoDesign, storeName: string, markOnly: boolean): string {
  const { ink, mark } = DESIGNS[design];
  if (markOnly) return `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="64" viewBox="0 0 60 64" role="img" aria-label="${escapeXml(storeName)}">${mark}</svg>`;
  const name = escapeXml(storeName);
  const width = Math.max(240, 90 + storeName.length * 17);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="64" viewBox="0 0 ${width} 64" role="img" aria-label="${name}">${mark}` +
    `<text x="70" y="41" font-family="${FONT}" font-weight="bold" font-size="26" fill="${ink}">${name}</text></svg>`;
}

export function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="#1a4d8f"/><path d="M12 34 L32 16 L52 34 L52 52 L39 52 L39 40 L25 40 L25 52 L12 52 Z" fill="#ffffff"/>` +
    `<rect x="42" y="16" width="6" height="12" fill="#f2a900"/></svg>`;
}

/** Line drawings on the accent disc of the demo's kiosk tiles (64 x 64). */
const ICON_GLYPHS: Record<CategoryIcon, string> = {
  appliances: `<rect x="22" y="12" width="20" height="40" rx="3"/><path d="M22 26 H42 M37 17 V22 M37 31 V39"/>`,
  electronics: `<rect x="12" y="17" width="40" height="26" rx="2"/><path d="M32 43 V49 M24 49 H40"/>`,
  furniture: `<rect x="17" y="22" width="30" height="12" rx="3"/><rect x="12" y="31" width="40" height="12" rx="3"/><path d="M17 43 V48 M47 43 V48"/>`,
  accessories: `<path d="M27 13 V22 M37 13 V22"/><rect x="21" y="22" width="22" height="13" rx="3"/><path d="M32 35 V42 Q32 50 40 50 H46"/>`,
  outlet: `<path d="M14 31 L31 14 H49 V32 L32 49 Z"/><circle cx="41" cy="22" r="3"/>`,
};

export function categoryIconSvg(icon: CategoryIcon): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">` +
    `<circle cx="32" cy="32" r="32" fill="#f2a900"/>` +
    `<g fill="none" stroke="#13263d" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round">${ICON_GLYPHS[icon]}</g></svg>`;
}

async function rasterise(svg: string, format: ImageFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === "webp" ? image.webp({ quality: 82 }).toBuffer() : image.png({ compressionLevel: 7, palette: false }).toBuffer();
}

// ------------------------------------------------------------------------------------------
// the service
// ------------------------------------------------------------------------------------------

export class MediaService {
  private readonly cache: LruCache<string, MediaAsset>;
  private readonly inFlight = new Map<string, Promise<MediaAsset>>();

  constructor(private readonly options: MediaServiceOptions = {}) {
    this.cache = new LruCache(options.cacheEntries ?? 500);
  }

  /** The image for a path below /media/ (e.g. "product/tv/1f2022/3.png"), or null when there is none. */
  async render(path: string): Promise<MediaAsset | null> {
    const request = parseMediaPath(path);
    if (!request) return null;
    const storeName = request.type === "logo" ? await this.storeName() : "";
    const key = request.type === "logo" ? `${path}|${storeName}` : path;
    const cached = this.cache.get(key);
    if (cached) return cached;
    // concurrent requests for one uncached image share a single render
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.produce(request, storeName).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const asset = await pending;
    this.cache.set(key, asset);
    return asset;
  }

  private async storeName(): Promise<string> {
    const configured = this.options.storeName;
    const name = typeof configured === "function" ? await configured() : configured;
    return name && name.trim() ? name.trim() : DEFAULT_STORE_NAME;
  }

  private async produce(request: MediaRequest, storeName: string): Promise<MediaAsset> {
    switch (request.type) {
      case "product": {
        const svg = productSvg(request.kind, request.color, request.style, request.tweak, request.view);
        return { body: await rasterise(svg, request.format), contentType: CONTENT_TYPES[request.format] };
      }
      case "brand":
        return { body: await rasterise(brandSvg(request.key), request.format), contentType: CONTENT_TYPES[request.format] };
      case "logo":
        return { body: Buffer.from(request.design ? designedLogoSvg(request.design, storeName, request.mark ?? false) : logoSvg(storeName)), contentType: CONTENT_TYPES.svg };
      case "favicon":
        return { body: await sharp(Buffer.from(faviconSvg())).png().toBuffer(), contentType: CONTENT_TYPES.png };
      case "icon":
        return { body: Buffer.from(categoryIconSvg(request.icon)), contentType: CONTENT_TYPES.svg };
    }
  }
}
