import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_CONFIG } from "@store/contract";
import { mergeConfig } from "../config/service";
import { defaultStore, extraStores } from "./stores-data";

describe("the demo's three store configurations", () => {
  const stores = [defaultStore(), ...extraStores()];

  it("are three retailers with their own code, name, logo, colours and header layout", () => {
    expect(stores.map((s) => s.storeCode)).toEqual(["default", "northwind", "brightline"]);
    for (const key of ["name", "logo_src", "phone", "site_styles_inline_html"]) {
      expect(new Set(stores.map((s) => s.config[key])).size).toBe(3);
    }
    const layouts = stores.map((s) => (s.config.display_features as { header: { layout: string } }).header.layout);
    expect(layouts).toEqual(["Standard Alta Header", "Enterprise Left Align Dual Menu Header", "CI Condensed Header"]);
    for (const store of stores) {
      const header = (store.config.display_features as { header: { logo_src_small: string } }).header;
      expect(header.logo_src_small).toMatch(/^\/media\/logo\/[a-z]+-mark\.svg$/);
    }
  });

  it("switch features differently", () => {
    const [, northwind, brightline] = stores.map((s) => mergeConfig(s.config, s.storeCode));
    expect(northwind!.enable_my_store).toBe("0");
    expect(brightline!.enable_wishlist).toBe("0");
    expect(northwind!.available_locales).toEqual(["en-US", "fr-CA"]);
    expect(brightline!.store_code).toBe("brightline");
    expect(northwind!.menu_delay_time).toBe(150);
    expect(mergeConfig(stores[0]!.config, "default").menu_delay_time).toBe(DEFAULT_SITE_CONFIG.menu_delay_time);
  });
});
