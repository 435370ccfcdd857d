import type { SiteConfig } from "@store/contract";

/**
 * Header settings. A retailer may set them at the top level of the config or, more specifically,
 * under display_features.header; the specific setting wins.
 *
 *   display_features.header = {
 *     layout,                          configured layout name (spec 000 §2), e.g. "Enterprise v3"
 *     header_block_sticky,             sticky_both | sticky_header_before | sticky_header_after | sticky_none
 *     header_block_mobile,             hide_both | hide_mobile_header_before | hide_mobile_header_after | hide_none
 *     mini_header,                     desktop | mobile | both | none: a compact bar once the header scrolls away
 *     logo_src_small,                  the logo for narrow screens (logoUrlSmall), e.g. the mark alone
 *     enable_cms_mega_menu_content,    menu panels also show the CMS block megamenu-{category url_key}
 *     language_switcher_url_overrides, [{ locale, url_key }]: where the switcher leads for a locale
 *     bottom_notification,             shows the CMS block bottom-notification in a bar at the bottom
 *   }
 */
export type MiniHeader = "desktop" | "mobile" | "both" | "none";

export interface LanguageOverride {
  locale: string;
  url_key: string;
}

export interface HeaderSettings {
  layoutName: string;
  sticky: string;
  mobile: string;
  miniHeader: MiniHeader;
  logoSmall: string;
  /** ms before a hovered menu entry opens its panel (menu_delay_time, spec 000 §9 default 225) */
  menuDelay: number;
  megaMenu: boolean;
  languageOverrides: LanguageOverride[];
  bottomNotification: boolean;
}

export const STICKY_OPTIONS = ["sticky_both", "sticky_header_before", "sticky_header_after", "sticky_none"] as const;
export const MOBILE_OPTIONS = ["hide_both", "hide_mobile_header_before", "hide_mobile_header_after", "hide_none"] as const;
const MINI: readonly string[] = ["desktop", "mobile", "both", "none"];
export const DEFAULT_MENU_DELAY_MS = 225;
const MAX_MENU_DELAY_MS = 2_000;

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** On/off switches arrive as booleans, numbers or strings ("1", "yes", "true"). */
export function isOn(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return ["1", "yes", "true", "on"].includes(value.trim().toLowerCase());
  return false;
}

function menuDelay(...values: unknown[]): number {
  for (const value of values) {
    const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n === "number" && Number.isFinite(n) && n >= 0) return Math.min(Math.round(n), MAX_MENU_DELAY_MS);
  }
  return DEFAULT_MENU_DELAY_MS;
}

function overrides(value: unknown): LanguageOverride[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const locale = text((entry as Record<string, unknown> | null)?.locale);
    const url = text((entry as Record<string, unknown> | null)?.url_key);
    // a site path or an absolute http(s) address; anything else (javascript:, //host) is dropped
    if (!locale || !url || !(/^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url))) return [];
    return [{ locale, url_key: url }];
  });
}

type HeaderConfig = Pick<SiteConfig, "header_type" | "header_block_sticky" | "header_block_mobile" | "display_features" | "menu_delay_time">
  & { languageSwitcherUrlOverrides?: unknown };

export function headerSettings(config: HeaderConfig): HeaderSettings {
  const features = config.display_features?.header;
  const header = features && typeof features === "object" ? (features as Record<string, unknown>) : {};
  const sticky = text(header.header_block_sticky) ?? config.header_block_sticky;
  const mobile = text(header.header_block_mobile) ?? config.header_block_mobile;
  const mini = text(header.mini_header)?.toLowerCase();
  return {
    layoutName: text(header.layout) ?? text(header.header_type) ?? config.header_type,
    sticky: (STICKY_OPTIONS as readonly string[]).includes(sticky) ? sticky : "sticky_none", // spec 000 §2 default
    mobile: (MOBILE_OPTIONS as readonly string[]).includes(mobile) ? mobile : "hide_none",
    miniHeader: mini && MINI.includes(mini) ? (mini as MiniHeader) : "none",
    logoSmall: text(header.logo_src_small) ?? "",
    menuDelay: menuDelay(header.menu_delay_time, config.menu_delay_time),
    megaMenu: isOn(header.enable_cms_mega_menu_content),
    languageOverrides: overrides(header.language_switcher_url_overrides ?? config.languageSwitcherUrlOverrides),
    bottomNotification: isOn(header.bottom_notification),
  };
}
