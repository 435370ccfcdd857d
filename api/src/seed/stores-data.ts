/**
 * The demo's further retailers: two more store configurations beside the default one, each with
 * its own name, logo, colours, header layout and feature switches. `STORE_CODE` picks the one an
 * api serves; catalogue and content are shared.
 */
import { logoPath } from "../media/paths";
import { storeConfig } from "./content-data";

export interface StoreDef {
  storeCode: string;
  config: Record<string, unknown>;
}

/** The default store with its small logo for phones (the wordmark's house mark). */
export function defaultStore(): StoreDef {
  const base = storeConfig();
  const display = base.display_features as Record<string, Record<string, unknown>>;
  return {
    storeCode: "default",
    config: { ...base, display_features: { ...display, header: { ...display.header, logo_src_small: logoPath("hearth", true) } } },
  };
}

const NORTHWIND = "Northwind Electronics";
const BRIGHTLINE = "Brightline Appliance Outlet";

export function extraStores(): StoreDef[] {
  const base = storeConfig();
  const display = base.display_features as Record<string, unknown>;
  return [
    {
      storeCode: "northwind",
      config: {
        ...base,
        name: NORTHWIND,
        store_code: "northwind",
        phone: "(555) 388-2100",
        logo_src: logoPath("northwind"),
        logo_alt: `${NORTHWIND} logo`,
        title_suffix: ` | ${NORTHWIND}`,
        description: "TVs, audio, computers and smart-home gear with expert setup, from Northwind Electronics.",
        site_styles_inline_html: "<style>:root{--primary-color:#0f766e;--secondary-color:#f59e0b;--theme-type:light;--rounded-corners:yes;}</style>",
        locale: "en_US",
        locales: [{ locale: "en_US" }, { locale: "fr_CA" }],
        available_locales: ["en-US", "fr-CA"],
        enable_compare: "1",
        enable_wishlist: "1",
        enable_my_store: "0",
        display_features: {
          ...display,
          header: {
            layout: "Enterprise Left Align Dual Menu Header",
            header_block_sticky: "sticky_header_after",
            header_block_mobile: "hide_mobile_header_before",
            mini_header: "desktop",
            logo_src_small: logoPath("northwind", true),
            enable_cms_mega_menu_content: true,
            bottom_notification: true,
            language_switcher_url_overrides: [{ locale: "fr-CA", url_key: "/fr-CA/" }],
          },
        },
        menu_delay_time: 150,
      },
    },
    {
      storeCode: "brightline",
      config: {
        ...base,
        name: BRIGHTLINE,
        store_code: "brightline",
        phone: "(555) 740-0199",
        logo_src: logoPath("brightline"),
        logo_alt: `${BRIGHTLINE} logo`,
        title_suffix: ` | ${BRIGHTLINE}`,
        description: "Scratch-and-dent and open-box appliances at outlet prices, inspected and fully warrantied.",
        site_styles_inline_html: "<style>:root{--primary-color:#7c2d12;--secondary-color:#0369a1;--theme-type:filled;--uppercase-menu:yes;}</style>",
        enable_wishlist: "0",
        enable_compare: "1",
        enable_my_store: "1",
        display_features: {
          ...display,
          header: {
            layout: "CI Condensed Header",
            header_block_sticky: "sticky_both",
            header_block_mobile: "hide_both",
            mini_header: "none",
            logo_src_small: logoPath("brightline", true),
          },
          outlet_products: { enabled: true, callout_text: "Open Box" },
        },
      },
    },
  ];
}
