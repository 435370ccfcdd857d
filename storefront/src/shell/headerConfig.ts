import type { SiteConfig } from "@store/contract";

/**
 * Header settings. A retailer may set them at the top level of the config or, more specifically,
 * under display_features.header ({ layout, header_block_sticky, header_block_mobile }); the
 * specific setting wins.
 */
export interface HeaderSettings {
  layoutName: string;
  sticky: string;
  mobile: string;
}

const STICKY = ["sticky_both", "sticky_header_before", "sticky_header_after", "sticky_none"];
const MOBILE = ["hide_both", "hide_mobile_header_before", "hide_mobile_header_after", "hide_none"];

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

export function headerSettings(config: Pick<SiteConfig, "header_type" | "header_block_sticky" | "header_block_mobile" | "display_features">): HeaderSettings {
  const features = config.display_features?.header;
  const header = features && typeof features === "object" ? (features as Record<string, unknown>) : {};
  const sticky = text(header.header_block_sticky) ?? config.header_block_sticky;
  const mobile = text(header.header_block_mobile) ?? config.header_block_mobile;
  return {
    layoutName: text(header.layout) ?? text(header.header_type) ?? config.header_type,
    sticky: STICKY.includes(sticky) ? sticky : "sticky_none", // spec 000 §2 default
    mobile: MOBILE.includes(mobile) ? mobile : "hide_none",
  };
}
