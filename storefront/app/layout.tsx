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
import { OLD_BROWSER_TEXT, SKIP_LINK_TEXT } from "@/shell/messages";
import AuthGate, { UnauthorisedPage } from "@/shell/AuthGate";
import { gateFromRequest } from "@/shell/authGate";
import { originOf } from "@/security/headers.mjs";
import { notePageGated } from "@/pagecache/tags";
import { translator } from "@/i18n/i18n";
import { checkBaseUrl } from "@/shell/baseUrlCheck";
import { cspNonce, noteStyle } from "@/lib/nonce";
import BottomNotification from "@/shell/BottomNotification";
import CmsContent from "@/cms/CmsContent";
import OutletDrawer from "@/shell/OutletDrawer";
import EarlyInput from "@/shell/EarlyInput";
import { configuredLocales, DEFAULT_LOCALE, isUnsupportedLocale } from "@/i18n/locales";
import UnsupportedLocale from "@/i18n/UnsupportedLocale";

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
  const requestHeaders = await headers();
  checkBaseUrl(config, requestHeaders.get("host"));
  // kiosk/iframe mode: the app auth gate (spec 000 §4)
  const gate = gateFromRequest({
    iframeUrl: config.iframe_url,
    dest: requestHeaders.get("sec-fetch-dest"),
    referer: requestHeaders.get("referer"),
    ownOrigin: originOf(`${requestHeaders.get("x-forwarded-proto") === "https" ? "https" : "http"}://${requestHeaders.get("host") ?? ""}`) ?? null,
    rsc: requestHeaders.has("rsc"),
  });
  if (gate !== "open") notePageGated();
  const t = await translator("en");
  const unauthorised = {
    title: t("unauthorised.title"), message: t("unauthorised.message", { store: config.name }),
    logo: config.logo_src ? { src: config.logo_src, alt: config.logo_alt || config.name } : undefined,
  };
  const nonce = await cspNonce();
  // a store whose one configured locale is not the UI language shipped is served no page (spec 000 §2)
  const locales = configuredLocales(config);
  const storeLocaleUnsupported = isUnsupportedLocale(DEFAULT_LOCALE, locales);
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
        {/* first: notes what the shopper does before hydration, replayed once hydrated */}
        <EarlyInput nonce={nonce} />
        <style id="site-theme" nonce={nonce} dangerouslySetInnerHTML={{ __html: noteStyle(themeCss(theme)) }} />
      </head>
      <body>
        {/* spec 000 §2: a browser too old for the store's scripts (no module support) shows this instead */}
        <p id="old-browser" className="old-browser" hidden>{OLD_BROWSER_TEXT}</p>
        <script noModule nonce={nonce} dangerouslySetInnerHTML={{ __html: 'document.getElementById("old-browser").hidden=false;' }} />
        {gate === "unauthorised" ? <UnauthorisedPage {...unauthorised} /> : (
        <AuthGate iframeUrl={config.iframe_url} initial={gate} {...unauthorised}>
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
            {storeLocaleUnsupported ? <UnsupportedLocale locale={locales[0] ?? DEFAULT_LOCALE} /> : children}
          </main>
          <Footer config={config} footerHtml={footer.content} />
          {bottomNotice?.content ? (
            <BottomNotification html={bottomNotice.content}><CmsContent html={bottomNotice.content} source="block bottom-notification" /></BottomNotification>
          ) : null}
          <OutletDrawer />
        </StoreProvider>
        </AuthGate>
        )}
        <SiteScripts entries={scriptsFor(scripts, undefined)} siteWide />
      </body>
    </html>
  );
}
