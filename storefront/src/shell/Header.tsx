import Link from "next/link";
import HeaderCart from "@/cart/HeaderCart";
import type { SiteConfig } from "@store/contract";
import CmsContent from "@/cms/CmsContent";
import Logo from "./Logo";
import MainMenu from "./MainMenu";
import { MenuPanel, MobileMenuButton } from "./MobileMenu";
import type { NavNode } from "./menu";
import type { HeaderLayout, HeaderType } from "./headerType";
import { telHref } from "./phone";
import { headerSettings } from "./headerConfig";
import HeaderSearch from "@/search/HeaderSearch";
import MyStoreButton from "@/inventory/MyStoreButton";
import HeaderAccount from "@/account/HeaderAccount";
import { accountSettings } from "@/account/settings";
import styles from "./Header.module.css";

export interface HeaderProps {
  config: SiteConfig;
  headerType: HeaderType;
  layout: HeaderLayout;
  menu: NavNode[];
  headerBefore: string;
  headerAfter: string;
}

/**
 * The site header between its two content blocks (spec 000 §2): header-before above,
 * header-after-global-promotions below. Logo, store name and phone come from the site config.
 */
export default function Header({ config, headerType, layout, menu, headerBefore, headerAfter }: HeaderProps) {
  const { sticky, mobile } = headerSettings(config);
  const phone = config.phone.trim();
  const logoAlt = config.logo_alt || config.name;
  const nameInAlt = logoAlt.toLowerCase().includes(config.name.toLowerCase());
  return (
    <div className={styles.top} data-sticky={sticky} data-mobile={mobile}>
      <CmsContent html={headerBefore} className={`${styles.block} ${styles.blockBefore}`} as="aside" aria-label="Announcements" />
      <header className={styles.header} data-header-type={headerType} data-header-layout={layout}>
        <div className={styles.mainRow}>
          <MobileMenuButton />
          <Link href="/" className={styles.brand} prefetch={false}>
            <Logo src={config.logo_src} alt={logoAlt} className={styles.logo} />
            {/* the store's name: shown as text without a logo; with one, read out unless the logo's alt already says it */}
            {!config.logo_src ? (
              <span className={styles.storeName}>{config.name}</span>
            ) : (
              !nameInAlt && <span className="visually-hidden">{config.name}</span>
            )}
          </Link>
          {!["0", 0, false].includes(config.enable_search as never) && (
            <div className={styles.search}><HeaderSearch /></div>
          )}
          {["1", 1, true, "true"].includes(config.enable_my_store as never) && (
            <div className={styles.myStore}><MyStoreButton /></div>
          )}
          <div className={styles.account}><HeaderAccount settings={accountSettings(config)} /></div>
          {phone && (
            <div className={styles.contact}>
              <span className={styles.contactLabel}>Call or text us</span>
              <a className={styles.phone} href={telHref(phone)}>
                <svg className={styles.phoneIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
                </svg>
                <span className="visually-hidden-phone">{phone}</span>
              </a>
            </div>
          )}
          {!["0", 0, false].includes(config.enable_checkout as never) && (
            <div className={styles.cart}><HeaderCart /></div>
          )}
        </div>
        <MenuPanel>
          <div className={styles.navRow}>
            <MainMenu nodes={menu} />
          </div>
        </MenuPanel>
      </header>
      <CmsContent html={headerAfter} className={`${styles.block} ${styles.blockAfter}`} as="aside" aria-label="Promotions" />
    </div>
  );
}
