import type { ReactNode } from "react";
import Link from "next/link";
import type { Element } from "domhandler";
import {
  EDITOR_TAGS, NO_SUITABLE_CHILDREN, arrowIconClass, buttonSettings, carouselTagSettings, invalidValueMessage,
  isEditorFormName, parseBooleanAttribute, parseImageSize, type EditorTag,
} from "@store/contract/editor-tags";
import { isSitePath } from "@/lib/paths";
import { element } from "@/lib/html";
import { elementChildren, nodesToReact, textOf, type RenderContext } from "../render";
import { optimisedEditorImage } from "../images";
import EditorTabs from "./Tabs";
import EditorCarousel from "./Carousel";
import EditorGallery, { type GalleryImage } from "./Gallery";
import EditorForm from "./Form";
import EditorLightbox from "./Lightbox";
import EditorButton from "./Button";
import { BrandsTag, MapTag, ProductCarouselTag, PromotionsTag, SiteInfoTag, StoreInfoTag } from "./ServerTags";
import styles from "./tags.module.css";

/** A URL an editor gave: a site path, or an http(s), mailto or tel address; anything else is dropped. */
export function safeUrl(value: string | undefined): string | undefined {
  const url = value?.trim();
  if (!url) return undefined;
  if (isSitePath(url)) return url;
  return /^(https?:|mailto:|tel:)/i.test(url) ? url : undefined;
}

/** Where an editor link goes: its safe address (none: shown as text) and, for a new window, target and rel. */
function linkAddress(a: Record<string, string>) {
  const external = a.target === "_blank";
  return { href: safeUrl(a.href), target: external ? "_blank" : undefined, rel: external ? "noopener noreferrer" : undefined };
}

/**
 * An editor link as markup (`inner` is markup already), as its component draws it: for runs of
 * links and markup the browser keeps as written (StaticMarkup navigates them on the client).
 */
export function linkHtml(a: Record<string, string>, inner: string): string {
  const { href, target, rel } = linkAddress(a);
  if (!href) return element("span", { class: a.class }, inner);
  // the attributes in the order next/link and React write them
  return isSitePath(href) ? element("a", { class: a.class, href, target, rel }, inner) : element("a", { href, class: a.class, target, rel }, inner);
}

/** One editor tag of spec 000 §2 as its component. */
export function renderEditorTag(tag: EditorTag, node: Element, outer: RenderContext, key: string): ReactNode {
  const a = node.attribs;
  // a tag's contents may be drawn only in the browser (a carousel's later slides): none travels by reference
  const context: RenderContext = { ...outer, byReference: false };
  const children = () => nodesToReact(node.children, context, key);
  switch (tag) {
    case EDITOR_TAGS.link: {
      const { href, target, rel } = linkAddress(a);
      const inner = nodesToReact(node.children, { ...context, insideLink: true }, key);
      if (!href) return <span key={key} className={a.class}>{inner}</span>;
      if (isSitePath(href)) return <Link key={key} href={href} prefetch={false} className={a.class} target={target} rel={rel}>{inner}</Link>;
      return <a key={key} href={href} className={a.class} target={target} rel={rel}>{inner}</a>;
    }
    case EDITOR_TAGS.picture:
      return <EditorPicture key={key} attribs={a} />;
    case EDITOR_TAGS.button: {
      const settings = buttonSettings(a);
      if (settings.invalid) {
        return <span key={key} className={styles.invalid} role="note">{invalidValueMessage(settings.invalid.attribute, settings.invalid.value)}</span>;
      }
      const variant = a["data-variant"] === "secondary" ? "secondary" : "primary";
      const href = safeUrl(a.href);
      if (href && !settings.action && !settings.modal) {
        return isSitePath(href)
          ? <Link key={key} href={href} prefetch={false} className={`button button--${variant}`}>{children()}</Link>
          : <a key={key} href={href} className={`button button--${variant}`}>{children()}</a>;
      }
      return <EditorButton key={key} action={settings.action} modal={settings.modal} creditTier={settings.creditTier} imageSrc={safeUrl(a["data-src"])} variant={variant}>{children()}</EditorButton>;
    }
    case EDITOR_TAGS.accordion: {
      const multiple = parseBooleanAttribute(a["data-multiple"]);
      const items = elementChildren(node).filter((c) => c.name === EDITOR_TAGS.accordionItem && c.attribs["data-title"]?.trim());
      return (
        <div key={key} className={styles.accordion}>
          {items.map((item, i) => (
            // details with one name: opening one closes the others (unless data-multiple)
            <details key={i} name={multiple ? undefined : `accordion-${key}`} open={parseBooleanAttribute(item.attribs["data-open"]) || undefined} className={styles.accordionItem}>
              <summary className={styles.accordionSummary}>{item.attribs["data-title"]}</summary>
              <div className={styles.accordionPanel}>{nodesToReact(item.children, context, `${key}.${i}`)}</div>
            </details>
          ))}
        </div>
      );
    }
    case EDITOR_TAGS.accordionItem: // outside an accordion: its content
    case EDITOR_TAGS.tab:
      return <div key={key}>{children()}</div>;
    case EDITOR_TAGS.tabs: {
      const tabs = elementChildren(node)
        .filter((c) => c.name === EDITOR_TAGS.tab && c.attribs["data-title"]?.trim())
        .map((c, i) => ({ title: c.attribs["data-title"]!.trim(), content: nodesToReact(c.children, context, `${key}.${i}`) }));
      if (tabs.length === 0) return <p key={key} className={styles.empty}>{NO_SUITABLE_CHILDREN}</p>;
      return <EditorTabs key={key} label={a["data-label"] || undefined} tabs={tabs} />;
    }
    case EDITOR_TAGS.carousel: {
      const slides = elementChildren(node).map((c, i) => nodesToReact([c], context, `${key}.${i}`));
      return <EditorCarousel key={key} label={a["data-label"] || "Carousel"} settings={carouselTagSettings(a)} arrowIcon={arrowIconClass(a["data-arrow-icon"])}>{slides}</EditorCarousel>;
    }
    case EDITOR_TAGS.gallery:
      return <EditorGallery key={key} label={a["data-label"] || "Gallery"} images={galleryImages(node)} />;
    case EDITOR_TAGS.map:
      return <MapTag key={key} attribs={a} />;
    case EDITOR_TAGS.form: {
      const form = a["data-form"];
      if (!isEditorFormName(form)) return null;
      return <EditorForm key={key} form={form} title={a["data-title"]} submitLabel={a["data-submit-label"]} success={a["data-success"]} />;
    }
    case EDITOR_TAGS.lightbox: {
      const src = safeUrl(a["data-src"]);
      if (!src) return <span key={key}>{children()}</span>;
      return <EditorLightbox key={key} src={src} alt={a["data-alt"] ?? ""} caption={a["data-caption"]}>{children()}</EditorLightbox>;
    }
    case EDITOR_TAGS.productCarousel:
      return <ProductCarouselTag key={key} attribs={a} inDocument={outer.byReference === true && !outer.staticMarkup} />;
    case EDITOR_TAGS.promotions:
      return <PromotionsTag key={key} attribs={a} />;
    case EDITOR_TAGS.brands:
      return <BrandsTag key={key} attribs={a} />;
    case EDITOR_TAGS.storeInfo:
      return <StoreInfoTag key={key} attribs={a} />;
    case EDITOR_TAGS.siteInfo:
      return <SiteInfoTag key={key} name={a["data-key"]} />;
    default:
      return null;
  }
}

function EditorPicture({ attribs: a }: { attribs: Record<string, string> }) {
  const src = safeUrl(a.src);
  if (!src) return null;
  const mobile = safeUrl(a["data-mobile-src"]);
  const priority = parseBooleanAttribute(a["data-priority"]);
  const width = parseImageSize(a.width);
  const height = parseImageSize(a.height);
  const optimised = optimisedEditorImage(src, width, height);
  const picture = (
    <picture className={styles.picture}>
      {mobile && <source media="(max-width: 599px)" srcSet={mobile} />}
      <img src={optimised?.src ?? src} srcSet={optimised?.srcSet} sizes={optimised?.sizes} alt={a.alt ?? ""} width={width} height={height}
        loading={priority ? "eager" : "lazy"} fetchPriority={priority ? "high" : undefined} decoding="async" />
    </picture>
  );
  if (!a["data-caption"]) return picture;
  return <figure className={styles.figure}>{picture}<figcaption>{a["data-caption"]}</figcaption></figure>;
}

/** The gallery's pictures: its img and avb-picture elements, in order. */
function galleryImages(node: Element): GalleryImage[] {
  const out: GalleryImage[] = [];
  const visit = (el: Element) => {
    for (const child of elementChildren(el)) {
      if (child.name === "img" || child.name === EDITOR_TAGS.picture) {
        const src = safeUrl(child.attribs.src);
        if (src) out.push({ src, alt: child.attribs.alt ?? "", width: parseImageSize(child.attribs.width), height: parseImageSize(child.attribs.height), caption: child.attribs["data-caption"] ?? (child.attribs.alt || textOf(child)) });
      } else visit(child);
    }
  };
  visit(node);
  return out;
}
