import type { PromoBanner } from "@store/contract";
import { cleanEditorHtml } from "@/cms/editor-html";
import styles from "./Banners.module.css";

/** Custom banner CSS from the api, kept to plain rules (no imports, urls or markup). */
export function safeBannerCss(css: string): string {
  if (!css || /<|@import|url\s*\(|expression\s*\(|javascript:/i.test(css)) return "";
  return css;
}

type BannerKind = "link_tile" | "custom" | "html";

/** How a banner renders, and the CSS it brings (only a custom banner brings any). */
export function bannerLook(b: PromoBanner): { kind: BannerKind; css: string } {
  const kind = b.types.includes("link_tile") ? "link_tile" : b.types.includes("custom") ? "custom" : "html";
  return { kind, css: kind === "custom" ? safeBannerCss(b.css) : "" };
}

/**
 * Promo banners (spec 000 §4): a banner renders as a link tile, a custom-styled block or normal
 * HTML depending on its types. The api sanitises the content; it is cleaned again on render. Custom
 * CSS carries the page's CSP nonce.
 */
export default function Banners({ banners, title, nonce }: { banners: PromoBanner[]; title?: string; nonce?: string }) {
  if (banners.length === 0) return null;
  return (
    <section className={styles.section} aria-label={title ? undefined : "Promotions"} aria-labelledby={title ? "banners-title" : undefined}>
      {title && <h2 id="banners-title">{title}</h2>}
      <ul className={styles.list}>
        {banners.map((b) => {
          const { kind, css } = bannerLook(b);
          return (
            <li key={b.banner_id} className={styles.item} data-kind={kind}>
              {css && <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />}
              <div className={`cms-content ${styles.content}`} dangerouslySetInnerHTML={{ __html: cleanEditorHtml(b.content) }} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
