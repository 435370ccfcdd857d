import Link from "next/link";
import type { CSSProperties, ReactNode } from "react";
import HeaderCart from "@/cart/HeaderCart";
import type { SiteConfig } from "@store/contract";
import CmsContent from "@/cms/CmsContent";
import Logo from "./Logo";
import MainMenu, { IconMenu, LinkMenu } from "./MainMenu";
import { MenuPanel, MobileMenuButton } from "./MobileMenu";
import type { NavNode } from "./menu";
import type { HeaderLayout, HeaderType } from "./headerType";
import { telHref } from "./phone";
import { headerSettings, isOn } from "./headerConfig";
import HeaderSearch from "@/search/HeaderSearch";
import MyStoreButton from "@/inventory/MyStoreButton";
import HeaderAccount from "@/account/HeaderAccount";
import { accountSettings } from "@/account/settings";
import { CompareLink, WishlistLink } from "./HeaderLists";
import LanguageSwitcher from "./LanguageSwitcher";
import MiniHeader from "./MiniHeader";
import { CALL_OR_TEXT_US } from "./messages";
import styles from "./Header.module.css";

export interface HeaderProps {
  config: SiteConfig;
  headerType: HeaderType;
  layout: HeaderLayout;
  /** the category tree (top level = children of the root category) */
  categories: NavNode[];
  /** menu items (Deals, Brands, Blog, …) */
  items: NavNode[];
  headerBefore: string;
  headerAfter: string;
  /** CMS mega-menu content by category url_key (only when the store enables it) */
  megaBlocks?: Record<string, string>;
}

/** Menu items placed before the categories come first, the rest after them. */
export function mainMenu(categories: NavNode[], items: NavNode[]): NavNode[] {
  const before = items.filter((item) => /^(before|start|left)/i.test(item.placement));
  const after = items.filter((item) => !before.includes(item));
  return [...before, ...categories, ...after];
}

const topLevelOnly = (nodes: NavNode[]) => nodes.map((node) => ({ ...node, children: [] }));

/**
 * The site header between its two content blocks (spec 000 §2): header-before above,
 * header-after-global-promotions below. Each layout of §2 arranges the same parts (logo, search,
 * My Store, account, phone, wishlist, compare, cart, language switcher, menus) its own way:
 *
 *   standard     logo, search and the shopper's controls in one row; a coloured menu bar with drop-down panels
 *   standardv3   a utility strip (phone, My Store, language, account) over a roomy row with icon-over-label
 *                controls; a white, centred menu bar
 *   enterprise   left-aligned dual menu: the secondary menu (menu items) in a top strip, the category menu
 *                left-aligned in the logo row
 *   enterprisev3 search | centred logo | controls; the category menu centred below, menu items in the top strip
 *   kiosk        large touch targets for in-store devices: logo, a wide search and the cart; the top
 *                categories as a row of icon tiles; no account, phone or personal lists
 *   ci           one condensed row: logo, top-level categories, search and controls (menu items in the
 *                footer and the phone menu)
 *   condensed    a slim utility strip, a logo-search-cart row, and top-level categories only (no panels)
 */
export default function Header({ config, headerType, layout, categories, items, headerBefore, headerAfter, megaBlocks }: HeaderProps) {
  const settings = headerSettings(config);
  const phone = config.phone.trim();
  const logoAlt = config.logo_alt || config.name;
  const nameInAlt = logoAlt.toLowerCase().includes(config.name.toLowerCase());
  const show = {
    search: isOn(config.enable_search ?? "1"),
    myStore: isOn(config.enable_my_store),
    checkout: isOn(config.enable_checkout ?? "1"),
    wishlist: isOn(config.enable_wishlist),
    compare: isOn(config.enable_compare),
  };
  const locales = availableLocales(config);

  const brand = (
    <Link href="/" className={styles.brand} prefetch={false} data-testid="header-logo">
      <Logo src={config.logo_src} smallSrc={settings.logoSmall} alt={logoAlt} className={styles.logo} smallClassName={styles.logoSmall} />
      {/* the store's name: shown as text without a logo (and beside a small logo on phones); read out unless the logo's alt already says it */}
      {!config.logo_src ? (
        <span className={styles.storeName}>{config.name}</span>
      ) : settings.logoSmall ? (
        <span className={styles.storeNameSmall} aria-hidden={nameInAlt || undefined}>{config.name}</span>
      ) : (
        !nameInAlt && <span className="visually-hidden">{config.name}</span>
      )}
    </Link>
  );
  const search = show.search && <div className={styles.search}><HeaderSearch /></div>;
  const myStore = show.myStore && <div className={styles.myStore}><MyStoreButton /></div>;
  const account = layout !== "kiosk" && <div className={styles.account}><HeaderAccount settings={accountSettings(config)} /></div>;
  const phoneLink = phone && layout !== "kiosk" && (
    <div className={styles.contact}>
      <span className={styles.contactLabel}>{CALL_OR_TEXT_US}</span>
      <a className={styles.phone} href={telHref(phone)}>
        <svg className={styles.phoneIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
        </svg>
        <span className={styles.phoneNumber}>{phone}</span>
      </a>
    </div>
  );
  const lists = layout !== "kiosk" && (show.wishlist || show.compare) && (
    <div className={styles.lists}>
      {show.wishlist && <WishlistLink />}
      {show.compare && <CompareLink />}
    </div>
  );
  // phones: the lists leave the crowded top row for the opened menu
  const mobileLists = layout !== "kiosk" && (show.wishlist || show.compare) && (
    <div className={styles.mobileLists}>
      {show.wishlist && <WishlistLink />}
      {show.compare && <CompareLink />}
    </div>
  );
  const cart = show.checkout && <div className={styles.cart}><HeaderCart /></div>;
  const language = locales.length > 1 && (
    <div className={styles.language}>
      <LanguageSwitcher locales={locales} current={currentLocale(config)} overrides={settings.languageOverrides} />
    </div>
  );
  const menuStyle = { "--sf-menu-delay": `${settings.menuDelay}ms` } as CSSProperties;
  const fullMenu = <MainMenu nodes={mainMenu(categories, items)} megaBlocks={settings.megaMenu ? megaBlocks : undefined} />;

  let rows: ReactNode;
  switch (layout) {
    case "standardv3":
      rows = (
        <>
          <Utility>{phoneLink}{myStore}{language}{account}</Utility>
          <div className={styles.mainRow}><MobileMenuButton />{brand}{search}{lists}{cart}</div>
          <MenuPanel>{mobileLists}<div className={styles.navRow}>{fullMenu}</div></MenuPanel>
        </>
      );
      break;
    case "enterprise":
      rows = (
        <>
          <Utility start={<LinkMenu nodes={items} label="Secondary" />}>{language}{phoneLink}{account}</Utility>
          <div className={styles.mainRow}>
            <MobileMenuButton />{brand}
            <MenuPanel>{mobileLists}<div className={styles.navRow}>
              <MainMenu nodes={categories} megaBlocks={settings.megaMenu ? megaBlocks : undefined} />
              <div className={styles.mobileOnly}><LinkMenu nodes={items} label="More" /></div>
            </div></MenuPanel>
            {search}{myStore}{lists}{cart}
          </div>
        </>
      );
      break;
    case "enterprisev3":
      rows = (
        <>
          <Utility start={phoneLink}><LinkMenu nodes={items} label="Secondary" />{language}</Utility>
          <div className={styles.mainRow}>
            <MobileMenuButton />{search}{brand}
            <div className={styles.controls}>{myStore}{account}{lists}{cart}</div>
          </div>
          <MenuPanel>{mobileLists}<div className={styles.navRow}>
            <MainMenu nodes={categories} megaBlocks={settings.megaMenu ? megaBlocks : undefined} />
            <div className={styles.mobileOnly}><LinkMenu nodes={items} label="More" /></div>
          </div></MenuPanel>
        </>
      );
      break;
    case "kiosk":
      rows = (
        <>
          <div className={styles.mainRow}>{brand}{search}{myStore}{language}{cart}</div>
          <div className={styles.navRow}><IconMenu nodes={categories} /></div>
        </>
      );
      break;
    case "ci":
      rows = (
        <div className={styles.mainRow}>
          <MobileMenuButton />{brand}
          <MenuPanel>{mobileLists}<div className={styles.navRow}>
            <MainMenu nodes={topLevelOnly(categories)} />
            <div className={styles.mobileOnly}><LinkMenu nodes={items} label="More" /></div>
          </div></MenuPanel>
          {search}{myStore}{account}{lists}{cart}
        </div>
      );
      break;
    case "condensed":
      rows = (
        <>
          <Utility>{phoneLink}{language}{myStore}{account}</Utility>
          <div className={styles.mainRow}><MobileMenuButton />{brand}{search}{lists}{cart}</div>
          <MenuPanel>{mobileLists}<div className={styles.navRow}><MainMenu nodes={topLevelOnly(mainMenu(categories, items))} /></div></MenuPanel>
        </>
      );
      break;
    default:
      rows = (
        <>
          <div className={styles.mainRow}><MobileMenuButton />{brand}{search}{myStore}{account}{phoneLink}{language}{lists}{cart}</div>
          <MenuPanel>{mobileLists}<div className={styles.navRow}>{fullMenu}</div></MenuPanel>
        </>
      );
  }

  return (
    <div className={styles.top} data-sticky={settings.sticky} data-mobile={settings.mobile}>
      <CmsContent html={headerBefore} className={`${styles.block} ${styles.blockBefore}`} as="aside" aria-label="Announcements" />
      <header className={styles.header} data-header-type={headerType} data-header-layout={layout} style={menuStyle}>
        {rows}
      </header>
      <CmsContent html={headerAfter} className={`${styles.block} ${styles.blockAfter}`} as="aside" aria-label="Promotions" />
      {settings.miniHeader !== "none" && (
        <MiniHeader variant={settings.miniHeader} name={config.name} logo={settings.logoSmall} />
      )}
    </div>
  );
}

/** The thin strip above the main row of some layouts. */
function Utility({ start, children }: { start?: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.utility}>
      <div className={styles.utilityInner}>
        <div className={styles.utilityStart}>{start}</div>
        <div className={styles.utilityEnd}>{children}</div>
      </div>
    </div>
  );
}

/** Locales a shopper may switch between: available_locales, else the locales list. */
export function availableLocales(config: Pick<SiteConfig, "available_locales" | "locales">): string[] {
  const listed = Array.isArray(config.available_locales) && config.available_locales.length > 0
    ? config.available_locales
    : (config.locales ?? []).map((l) => l.locale);
  return [...new Set(listed.filter((l): l is string => typeof l === "string" && l.trim() !== "").map((l) => l.trim().replace("_", "-")))];
}

const currentLocale = (config: Pick<SiteConfig, "locale">) => (config.locale || "en_US").replace("_", "-");
