import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import "./globals.css";
import "@/cms/editor-content.css";
import StoreProvider from "@/lib/StoreProvider";
import { toLanguageTag } from "@/lib/format";
import { BOTTOM_NOTIFICATION_BLOCK, getBlock, getCategories, getConfig, getMegaMenuBlocks, getMenus, getScripts } from "@/shell/data";
import SiteScripts, { scriptsFor } from "@/shell/SiteScripts";
import Header from "@/shell/Header";
import Footer from "@/shell/Footer";
import { buildCategoryTree, buildMenuItemTree } from "@/shell/menu";
import { headerLayout, headerType, showsMenuChildren } from "@/shell/headerType";
import { headerSettings } from "@/shell/headerConfig";
import { siteMetadata } from "@/shell/metadata";
import { DEFAULT_PRIMARY, themeCss, themeFromStyles } from "@/shell/theme";
import { SKIP_LINK_TEXT } from "@/shell/messages";
import { checkBaseUrl } from "@/shell/baseUrlCheck";
import { cspNonce } from "@/lib/nonce";
import BottomNotification from "@/shell/BottomNotification";
import CmsContent from "@/cms/CmsContent";
import OutletDrawer from "@/shell/OutletDrawer";

// Configuration and content are data: every request renders with the current config, never a
// copy baked in at build time.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return siteMetadata(await getConfig());
}

export async function generateViewport(): Promise<Viewport> {
  const config = await getConfig();
  return { width: "device-width", initialScale: 1, themeColor: themeFromStyles(config.site_styles_inline_html).primary ?? DEFAULT_PRIMARY };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [config, categories, menus, headerBefore, headerAfter, footer, scripts] = await Promise.all([
    getConfig(),
    getCategories(),
    getMenus(),
    getBlock("header-before"),
    getBlock("header-after-global-promotions"),
    getBlock("footer"),
    getScripts(),
  ]);
  checkBaseUrl(config, (await headers()).get("host"));
  const nonce = await cspNonce();
  const theme = themeFromStyles(config.site_styles_inline_html);
  const settings = headerSettings(config);
  const layout = headerLayout(settings.layoutName);
  const [megaBlocks, bottomNotice] = await Promise.all([
    settings.megaMenu ? getMegaMenuBlocks() : undefined,
    settings.bottomNotification ? getBlock(BOTTOM_NOTIFICATION_BLOCK) : undefined,
  ]);

  return (
    <html lang={toLanguageTag(config.locale)}>
      <head>
        <style id="site-theme" nonce={nonce} dangerouslySetInnerHTML={{ __html: themeCss(theme) }} />
      </head>
      <body>
        <a className="skip-link" href="#main-content">{SKIP_LINK_TEXT}</a>
        <StoreProvider>
          <Header
            config={config}
            headerType={headerType(layout, theme.themeType)}
            layout={layout}
            categories={buildCategoryTree(categories, undefined, showsMenuChildren(layout) ? Infinity : 1)}
            items={buildMenuItemTree(menus)}
            megaBlocks={megaBlocks}
            headerBefore={headerBefore.content}
            headerAfter={headerAfter.content}
          />
          <main id="main-content" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <Footer config={config} footerHtml={footer.content} />
          {bottomNotice?.content ? (
            <BottomNotification html={bottomNotice.content}><CmsContent html={bottomNotice.content} source="block bottom-notification" /></BottomNotification>
          ) : null}
          <OutletDrawer />
        </StoreProvider>
        <SiteScripts entries={scriptsFor(scripts, undefined)} siteWide />
      </body>
    </html>
  );
}
