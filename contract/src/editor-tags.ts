/**
 * The content editor tags (spec 000 §2 "Content editor tags", §5, §8, §9): their names, the
 * attributes each reads, the rules for those attributes, and the validation of CMS content.
 * Zod-free and parser-free: the api (write check, `npm run cms:check`) and the storefront
 * (render, console errors) share this module, and browser code may import it.
 *
 * Editors write the tags as custom elements in CMS pages and blocks, e.g.
 *   <avb-tabs><avb-tab data-title="Delivery">…</avb-tab><avb-tab data-title="Returns">…</avb-tab></avb-tabs>
 * The sanitiser's allow-list (editor-html.ts) keeps exactly these tags and attributes.
 */

/** Every editor tag by what it is. */
export const EDITOR_TAGS = {
  /** navigation link: the product's own link element (never a plain anchor) */
  link: "avb-link",
  picture: "avb-picture",
  button: "avb-button",
  accordion: "avb-accordion",
  accordionItem: "avb-accordion-item",
  carousel: "avb-carousel",
  gallery: "avb-gallery",
  tabs: "avb-tabs",
  tab: "avb-tab",
  map: "avb-map",
  form: "avb-form",
  lightbox: "avb-lightbox",
  productCarousel: "avb-product-carousel",
  promotions: "avb-promotions",
  brands: "avb-brands",
  storeInfo: "avb-store-info",
  siteInfo: "avb-site-info",
} as const;
export type EditorTag = (typeof EDITOR_TAGS)[keyof typeof EDITOR_TAGS];
export const EDITOR_TAG_NAMES: readonly string[] = Object.values(EDITOR_TAGS);
export const isEditorTag = (name: string): name is EditorTag => EDITOR_TAG_NAMES.includes(name);

/**
 * The attributes each tag reads. `href` and `src` are checked by the sanitiser's URL schemes;
 * everything else is read (and checked) where the tag renders.
 */
export const EDITOR_TAG_ATTRIBUTES: Record<EditorTag, readonly string[]> = {
  "avb-link": ["href", "target"],
  "avb-picture": ["src", "alt", "width", "height", "data-mobile-src", "data-priority", "data-caption"],
  "avb-button": ["href", "data-action", "data-modal", "data-credit-tier", "data-src", "data-variant"],
  "avb-accordion": ["data-multiple"],
  "avb-accordion-item": ["data-title", "data-open"],
  "avb-carousel": [
    "data-label", "data-items", "data-autoplay", "data-interval", "data-no-dots", "data-no-arrows", "data-no-drag",
    "data-outer-arrows", "data-equal-width", "data-arrow-icon", "data-settings",
  ],
  "avb-gallery": ["data-label"],
  "avb-tabs": ["data-label"],
  "avb-tab": ["data-title"],
  "avb-map": ["data-lat", "data-lng", "data-zoom", "data-title", "data-address"],
  "avb-form": ["data-form", "data-title", "data-submit-label", "data-success"],
  "avb-lightbox": ["data-src", "data-alt", "data-caption"],
  "avb-product-carousel": ["data-title", "data-category", "data-special", "data-sort", "data-dir", "data-limit", "data-link"],
  "avb-promotions": ["data-type", "data-title", "data-limit", "data-order", "data-category", "data-manufacturer", "data-displaymode"],
  "avb-brands": ["data-title", "data-brands", "data-limit"],
  "avb-store-info": ["data-store", "data-title"],
  "avb-site-info": ["data-key"],
};

// ---------------------------------------------------------------------------------------------
// Attribute rules (spec 000 §5)
// ---------------------------------------------------------------------------------------------

/**
 * Boolean tag attributes: numeric strings are true when non-zero; 'yes'/'true' true and
 * 'no'/'false' false, case-insensitive. Anything else (absent, empty, other words) is `fallback`.
 */
export function parseBooleanAttribute(value: string | number | boolean | null | undefined, fallback = false): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value !== 0 : fallback;
  if (value === null || value === undefined) return fallback;
  const text = value.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return Number(text) !== 0;
  const word = text.toLowerCase();
  if (word === "yes" || word === "true") return true;
  if (word === "no" || word === "false") return false;
  return fallback;
}

/** Image width and height: accepted only as numbers or digit strings, else undefined. */
export function parseImageSize(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === "string" && /^\d{1,5}$/.test(value)) return Number(value);
  return undefined;
}

/** CMS button data-action values. */
export const BUTTON_ACTIONS = ["print-image", "freedompay", "tdbank"] as const;
/** CMS button data-modal values (financing providers). */
export const BUTTON_MODALS = ["zibby", "katapult", "acima", "chargeafter", "conneqt"] as const;
/** ChargeAfter credit tiers (data-credit-tier, with data-modal="chargeafter"). */
export const CHARGEAFTER_CREDIT_TIERS = ["Prime", "NearPrime", "SubPrime"] as const;
export type ButtonAction = (typeof BUTTON_ACTIONS)[number];
export type ButtonModal = (typeof BUTTON_MODALS)[number];
export type CreditTier = (typeof CHARGEAFTER_CREDIT_TIERS)[number];

/** What a CMS button shows instead of itself when an attribute holds a value outside its list. */
export const invalidValueMessage = (attribute: string, value: string) =>
  `An invalid value was provided for ${attribute}: "${value}".`;

export interface ButtonSettings {
  action?: ButtonAction;
  modal?: ButtonModal;
  creditTier?: CreditTier;
  /** the first attribute with a value outside its list, if any */
  invalid?: { attribute: string; value: string };
}

/** Reads a CMS button's attributes against their allow-lists (values compared exactly). */
export function buttonSettings(attribs: Record<string, string | undefined>): ButtonSettings {
  const out: ButtonSettings = {};
  const pick = <T extends string>(attribute: string, allowed: readonly T[]): T | undefined => {
    const value = attribs[attribute];
    if (value === undefined || value === "") return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    out.invalid ??= { attribute, value };
    return undefined;
  };
  out.action = pick("data-action", BUTTON_ACTIONS);
  out.modal = pick("data-modal", BUTTON_MODALS);
  out.creditTier = pick("data-credit-tier", CHARGEAFTER_CREDIT_TIERS);
  return out;
}

/** Carousel arrow icon classes must start with one of these. */
export const ARROW_ICON_PREFIXES = ["dsg-", "fa-", "fas-"] as const;

/** The arrow icon class list, or undefined when empty or when any class breaks the prefix rule. */
export function arrowIconClass(value: string | undefined): string | undefined {
  const classes = (value ?? "").trim().split(/\s+/).filter(Boolean);
  if (classes.length === 0) return undefined;
  return classes.every((c) => ARROW_ICON_PREFIXES.some((p) => c.startsWith(p)) && /^[\w-]+$/.test(c)) ? classes.join(" ") : undefined;
}

/** Site-info tag keys (spec 000 §5): the site configuration fields an editor may print. */
export const SITE_INFO_KEYS = [
  "base_url", "name", "phone", "store_code", "logo_src", "logo_alt", "title", "title_prefix", "title_suffix", "description",
] as const;
export type SiteInfoKey = (typeof SITE_INFO_KEYS)[number];
export const isSiteInfoKey = (key: string | undefined): key is SiteInfoKey => (SITE_INFO_KEYS as readonly string[]).includes(key ?? "");

/** Tabs without a single titled tab (spec 000 §5). */
export const NO_SUITABLE_CHILDREN = "No suitable children found";

/** CMS carousel defaults (spec 000 §9): one item, no auto-play, 5000 ms when it is switched on. */
export const CMS_CAROUSEL_DEFAULTS = { itemsPerDisplay: 1, autoPlay: false, autoPlayInterval: 5000 } as const;
/** Product carousel tag: products shown unless data-limit says otherwise (spec 000 §9). */
export const PRODUCT_CAROUSEL_DEFAULT_LIMIT = 18;
/** Promotions tag: banners asked for per element unless data-limit says otherwise, and their order (spec 000 §9). */
export const PROMOTIONS_TAG_DEFAULT_LIMIT = 100;
export const PROMOTIONS_TAG_DEFAULT_ORDER = "end_date";
/** Promotions tag carousel, items per breakpoint (spec 000 §9). */
export const PROMOTIONS_TAG_ITEMS = { xs: 1, sm: 2, md: 3, lg: 4, xl: 5 } as const;
/** Promotions tag console messages (spec 000 §8). */
export const PROMOTIONS_MISSING_TYPE = "avb-promotions: Missing 'data-type' key on element.";
export const PROMOTIONS_LOAD_FAILED_PREFIX = "avb-promotions: ";

/** A whole number attribute within bounds, else the fallback. */
export function parseCount(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !/^\s*\d{1,6}\s*$/.test(value)) return fallback;
  return Math.min(max, Math.max(min, Number(value)));
}

// ---------------------------------------------------------------------------------------------
// Content validation (spec 000 §5): one pure function, used by the storefront (console errors),
// by the api when content is written or seeded (refused with the reasons) and by `npm run cms:check`.
// ---------------------------------------------------------------------------------------------

export type ContentIssueCode =
  | "tag-count" | "plain-anchor" | "nested-link" | "link-onclick"
  | "unknown-tag" | "missing-attribute" | "invalid-value";

export interface ContentIssue {
  code: ContentIssueCode;
  message: string;
  /** 1-based line and column of the tag the issue is about (tag-count issues: of its first opening) */
  line: number;
  column: number;
}

/** Elements that never have a closing tag. */
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
/** Whose contents are text, not tags. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>|<\?[^>]*>|<(\/?)([a-zA-Z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export interface TagToken {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attribs: Record<string, string>;
  index: number;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, "\"").replace(/&#39;|&#x27;|&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The tags of an HTML text, in order (comments, doctype and raw-text contents skipped). */
export function tokenizeTags(html: string): TagToken[] {
  const tokens: TagToken[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TOKEN.exec(html))) {
    if (match[2] === undefined) continue; // comment, doctype, CDATA, processing instruction
    const closing = match[1] === "/";
    const name = match[2].toLowerCase();
    let rest = match[3] ?? "";
    const selfClosing = /\/\s*$/.test(rest);
    if (selfClosing) rest = rest.replace(/\/\s*$/, "");
    const attribs: Record<string, string> = {};
    if (!closing) {
      ATTRIBUTE.lastIndex = 0;
      let a: RegExpExecArray | null;
      while ((a = ATTRIBUTE.exec(rest))) {
        const key = a[1]!.toLowerCase();
        if (!Object.hasOwn(attribs, key)) attribs[key] = decodeAttribute(a[2] ?? a[3] ?? a[4] ?? "");
      }
    }
    tokens.push({ name, closing, selfClosing, attribs, index: match.index });
    if (!closing && RAW_TEXT.has(name)) {
      // skip to the matching end tag: a script body's "<b>" is not a tag
      const end = html.toLowerCase().indexOf(`</${name}`, TOKEN.lastIndex);
      TOKEN.lastIndex = end < 0 ? html.length : end;
    }
  }
  return tokens;
}

function position(html: string, index: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = html.indexOf("\n"); i !== -1 && i < index; i = html.indexOf("\n", i + 1)) {
    line += 1;
    last = i;
  }
  return { line, column: index - last };
}

const LINK_TAGS = new Set(["a", EDITOR_TAGS.link]);
const describeLink = (t: TagToken) => `<${t.name}${t.attribs.href !== undefined ? ` href="${t.attribs.href}"` : ""}>`;

/** Spec 000 §5 messages, one per rule, printed by every user of the validation. */
export const CONTENT_ISSUE_MESSAGES = {
  tagCount: (name: string, opening: number, closing: number) =>
    `Opening and closing tag counts differ for <${name}>: ${opening} opening, ${closing} closing.`,
  plainAnchor: (link: string) =>
    `Plain anchor ${link}: use the product's link element <${EDITOR_TAGS.link} href="…"> instead of <a>.`,
  nestedLink: (inner: string, outer: string) =>
    `Nested link: ${inner} is inside ${outer}. Links cannot contain links (an inner <a> is shown as text).`,
  linkOnclick: (link: string) =>
    `onclick on link ${link}: use the product's button element <${EDITOR_TAGS.button}> for actions.`,
  unknownTag: (name: string) => `Unknown editor tag <${name}>.`,
  missingAttribute: (tag: string, attribute: string) => `<${tag}> needs a ${attribute} attribute.`,
} as const;

/**
 * Validates editor content (spec 000 §5): opening and closing tag counts must match per element;
 * a plain anchor is flagged (the product's link element is used instead); nested links are
 * invalid; onclick on a link is flagged (the product's button element is used instead). Editor tags
 * are also checked for their required and allow-listed attributes. Returns every issue, in order.
 */
export function validateEditorContent(html: string | null | undefined): ContentIssue[] {
  if (!html) return [];
  const issues: ContentIssue[] = [];
  const add = (code: ContentIssueCode, message: string, index: number) => issues.push({ code, message, ...position(html, index) });
  const counts = new Map<string, { opening: number; closing: number; first: number }>();
  const openLinks: TagToken[] = [];

  for (const token of tokenizeTags(html)) {
    const { name } = token;
    if (!VOID_ELEMENTS.has(name)) {
      const count = counts.get(name) ?? { opening: 0, closing: 0, first: token.index };
      if (token.closing) count.closing += 1;
      else count.opening += 1; // "<avb-x />" is no closing tag in HTML: it counts as an opening one
      counts.set(name, count);
    }
    if (LINK_TAGS.has(name)) {
      if (token.closing) {
        const at = openLinks.map((l) => l.name).lastIndexOf(name);
        if (at >= 0) openLinks.splice(at, 1);
        continue;
      }
      if (name === "a") add("plain-anchor", CONTENT_ISSUE_MESSAGES.plainAnchor(describeLink(token)), token.index);
      if (openLinks.length > 0) add("nested-link", CONTENT_ISSUE_MESSAGES.nestedLink(describeLink(token), describeLink(openLinks[openLinks.length - 1]!)), token.index);
      if (Object.hasOwn(token.attribs, "onclick")) add("link-onclick", CONTENT_ISSUE_MESSAGES.linkOnclick(describeLink(token)), token.index);
      if (!token.selfClosing) openLinks.push(token);
      continue;
    }
    if (token.closing || !name.startsWith("avb-")) continue;
    if (!isEditorTag(name)) {
      add("unknown-tag", CONTENT_ISSUE_MESSAGES.unknownTag(name), token.index);
      continue;
    }
    for (const [code, message] of tagIssues(name, token.attribs)) add(code, message, token.index);
  }

  for (const [name, count] of counts) {
    if (count.opening !== count.closing) add("tag-count", CONTENT_ISSUE_MESSAGES.tagCount(name, count.opening, count.closing), count.first);
  }
  return issues.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** What is wrong with one editor tag's attributes. */
function tagIssues(tag: EditorTag, attribs: Record<string, string>): Array<[ContentIssueCode, string]> {
  const out: Array<[ContentIssueCode, string]> = [];
  const need = (attribute: string) => {
    if (!attribs[attribute]?.trim()) out.push(["missing-attribute", CONTENT_ISSUE_MESSAGES.missingAttribute(tag, attribute)]);
  };
  switch (tag) {
    case "avb-button": {
      const invalid = buttonSettings(attribs).invalid;
      if (invalid) out.push(["invalid-value", `<${tag}>: ${invalidValueMessage(invalid.attribute, invalid.value)}`]);
      break;
    }
    case "avb-carousel":
      if (attribs["data-arrow-icon"] !== undefined && !arrowIconClass(attribs["data-arrow-icon"])) {
        out.push(["invalid-value", `<${tag}>: arrow icon classes must start with ${ARROW_ICON_PREFIXES.join(", ")}: "${attribs["data-arrow-icon"]}".`]);
      }
      if (attribs["data-settings"] !== undefined && parseBreakpointSettings(attribs["data-settings"]) === null) {
        out.push(["invalid-value", `<${tag}>: data-settings is not a JSON object of breakpoint settings.`]);
      }
      break;
    case "avb-promotions":
      if (!attribs["data-type"]?.trim()) out.push(["missing-attribute", PROMOTIONS_MISSING_TYPE]);
      break;
    case "avb-site-info":
      if (!isSiteInfoKey(attribs["data-key"])) {
        out.push(["invalid-value", `<${tag}>: data-key must be one of ${SITE_INFO_KEYS.join(", ")}; got "${attribs["data-key"] ?? ""}".`]);
      }
      break;
    case "avb-link":
      need("href");
      break;
    case "avb-picture":
      need("src");
      if (attribs.alt === undefined) out.push(["missing-attribute", CONTENT_ISSUE_MESSAGES.missingAttribute(tag, "alt")]);
      for (const size of ["width", "height"]) {
        if (attribs[size] !== undefined && parseImageSize(attribs[size]) === undefined) out.push(["invalid-value", `<${tag}>: ${size} must be a number: "${attribs[size]}".`]);
      }
      break;
    case "avb-lightbox":
      need("data-src");
      break;
    case "avb-tab":
    case "avb-accordion-item":
      need("data-title");
      break;
    case "avb-form":
      if (!isEditorFormName(attribs["data-form"])) {
        out.push(["invalid-value", `<${tag}>: data-form must be one of ${EDITOR_FORM_NAMES.join(", ")}; got "${attribs["data-form"] ?? ""}".`]);
      }
      break;
    case "avb-map":
      if (!(attribs["data-lat"] && attribs["data-lng"]) && !attribs["data-address"]) {
        out.push(["missing-attribute", `<${tag}> needs data-lat and data-lng, or data-address.`]);
      }
      break;
    case "avb-product-carousel":
      if (!attribs["data-category"] && !attribs["data-special"]) out.push(["missing-attribute", `<${tag}> needs a data-category or a data-special attribute.`]);
      break;
    default:
      break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Carousel settings of the carousel tag (spec 000 §3 Carousel settings per breakpoint)
// ---------------------------------------------------------------------------------------------

export const CAROUSEL_BREAKPOINTS = ["xs", "sm", "md", "lg", "xl"] as const;
export type CarouselBreakpoint = (typeof CAROUSEL_BREAKPOINTS)[number];
export interface CarouselSettings {
  outerArrows: boolean;
  itemsPerDisplay: number;
  noDots: boolean;
  noArrows: boolean;
  noDrag: boolean;
  alwaysEqualWidthItems: boolean;
  autoPlay: boolean;
  autoPlayInterval: number;
}
const BOOLEAN_SETTINGS = ["outerArrows", "noDots", "noArrows", "noDrag", "alwaysEqualWidthItems", "autoPlay"] as const;

/** data-settings: {"md": {"itemsPerDisplay": 2}, …}; null when it is not such an object. */
export function parseBreakpointSettings(json: string): Partial<Record<CarouselBreakpoint, Partial<CarouselSettings>>> | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const out: Partial<Record<CarouselBreakpoint, Partial<CarouselSettings>>> = {};
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (!(CAROUSEL_BREAKPOINTS as readonly string[]).includes(key) || !raw || typeof raw !== "object" || Array.isArray(raw)) return null;
    const source = raw as Record<string, unknown>;
    const settings: Partial<CarouselSettings> = {};
    for (const name of BOOLEAN_SETTINGS) {
      const v = source[name];
      if (v !== undefined) settings[name] = parseBooleanAttribute(typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : undefined);
    }
    const items = parseImageSize(typeof source.itemsPerDisplay === "number" ? source.itemsPerDisplay : String(source.itemsPerDisplay ?? ""));
    if (items !== undefined && items >= 1) settings.itemsPerDisplay = Math.min(12, items);
    const interval = parseImageSize(typeof source.autoPlayInterval === "number" ? source.autoPlayInterval : String(source.autoPlayInterval ?? ""));
    if (interval !== undefined && interval >= 1000) settings.autoPlayInterval = interval;
    out[key as CarouselBreakpoint] = settings;
  }
  return out;
}

/**
 * The carousel tag's settings per breakpoint: the CMS defaults (1 item, no auto-play, 5000 ms),
 * then the tag's own attributes, then data-settings per breakpoint, each breakpoint inheriting the
 * one below it.
 */
export function carouselTagSettings(attribs: Record<string, string | undefined>): Record<CarouselBreakpoint, CarouselSettings> {
  const base: CarouselSettings = {
    outerArrows: parseBooleanAttribute(attribs["data-outer-arrows"]),
    itemsPerDisplay: parseCount(attribs["data-items"], CMS_CAROUSEL_DEFAULTS.itemsPerDisplay, 1, 12),
    noDots: parseBooleanAttribute(attribs["data-no-dots"]),
    noArrows: parseBooleanAttribute(attribs["data-no-arrows"]),
    noDrag: parseBooleanAttribute(attribs["data-no-drag"]),
    alwaysEqualWidthItems: parseBooleanAttribute(attribs["data-equal-width"]),
    autoPlay: parseBooleanAttribute(attribs["data-autoplay"], CMS_CAROUSEL_DEFAULTS.autoPlay),
    autoPlayInterval: parseCount(attribs["data-interval"], CMS_CAROUSEL_DEFAULTS.autoPlayInterval, 1000, 600_000),
  };
  const overrides = attribs["data-settings"] ? parseBreakpointSettings(attribs["data-settings"]) ?? {} : {};
  const out = {} as Record<CarouselBreakpoint, CarouselSettings>;
  let previous = base;
  for (const bp of CAROUSEL_BREAKPOINTS) {
    previous = { ...previous, ...overrides[bp] };
    out[bp] = previous;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Forms of the form tag: the fields each form asks for (the api validates the same list)
// ---------------------------------------------------------------------------------------------

export const EDITOR_FORM_NAMES = ["contact", "request-quote"] as const;
export type EditorFormName = (typeof EDITOR_FORM_NAMES)[number];
export const isEditorFormName = (name: string | undefined): name is EditorFormName => (EDITOR_FORM_NAMES as readonly string[]).includes(name ?? "");

export interface EditorFormField {
  name: string;
  label: string;
  type: "text" | "email" | "tel" | "textarea" | "number";
  required: boolean;
  maxLength: number;
  autoComplete?: string;
}

const NAME_FIELD: EditorFormField = { name: "name", label: "Your name", type: "text", required: true, maxLength: 100, autoComplete: "name" };
const EMAIL_FIELD: EditorFormField = { name: "email", label: "Email address", type: "email", required: true, maxLength: 254, autoComplete: "email" };
const PHONE_FIELD: EditorFormField = { name: "phone", label: "Phone number", type: "tel", required: false, maxLength: 30, autoComplete: "tel" };

export const EDITOR_FORMS: Record<EditorFormName, { title: string; submitLabel: string; success: string; fields: readonly EditorFormField[] }> = {
  contact: {
    title: "Send us a message",
    submitLabel: "Send message",
    success: "Thank you. Your message was sent and we will get back to you within one business day.",
    fields: [
      NAME_FIELD, EMAIL_FIELD, PHONE_FIELD,
      { name: "subject", label: "Subject", type: "text", required: false, maxLength: 150 },
      { name: "message", label: "Message", type: "textarea", required: true, maxLength: 5000 },
    ],
  },
  "request-quote": {
    title: "Request More Info",
    submitLabel: "Request a quote",
    success: "Thank you. Your request was sent and a product expert will contact you shortly.",
    fields: [
      NAME_FIELD, EMAIL_FIELD, PHONE_FIELD,
      { name: "company", label: "Company", type: "text", required: false, maxLength: 150, autoComplete: "organization" },
      { name: "product", label: "Product or model number", type: "text", required: false, maxLength: 200 },
      { name: "quantity", label: "Quantity", type: "number", required: false, maxLength: 6 },
      { name: "message", label: "What would you like to know?", type: "textarea", required: true, maxLength: 5000 },
    ],
  },
};

/** The hidden field people never fill in; a submission that fills it is dropped as a bot's. */
export const FORM_HONEYPOT_FIELD = "website";
/** Texts of the form tag (the api's validation messages are its own). */
export const FORM_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  invalidEmail: "Please enter a valid email address.",
  failed: "Your message could not be sent. Please try again in a moment.",
  sending: "Sending…",
} as const;
