import type { SiteConfig } from "@store/contract";
import CmsContent from "@/cms/CmsContent";
import { accessibilityPhone } from "./phone";
import { CARRIER_RATES_NOTE, accessibilityNoteText } from "./messages";
import styles from "./Footer.module.css";

/** The accessibility contact note (spec 000 §2): visually hidden, omitted without a valid phone. */
export function AccessibilityNote({ phone }: { phone: string }) {
  const shown = accessibilityPhone(phone);
  if (!shown) return null;
  return (
    <address className="visually-hidden">
      {accessibilityNoteText(shown)} {CARRIER_RATES_NOTE}
    </address>
  );
}

/** The footer: the editors' footer block, then the store's own line. */
export default function Footer({ config, footerHtml }: { config: SiteConfig; footerHtml: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <CmsContent html={footerHtml} className={styles.block} source="block footer" alwaysDrawn />
      <div className={styles.bottom}>
        <p className={styles.copyright}>
          © {year} {config.name}. All rights reserved.
        </p>
        <AccessibilityNote phone={config.phone} />
      </div>
    </footer>
  );
}
