import { createElement, Fragment, type ReactNode } from "react";
import { parseDocument } from "htmlparser2";
import { isTag, isText, type ChildNode, type Element } from "domhandler";
import render from "dom-serializer";
import { EDITOR_TAGS, isEditorTag, type EditorTag } from "@store/contract/editor-tags";
import StaticMarkup from "@/lib/StaticMarkup";
import { escapeHtml, writtenMarkup } from "@/lib/html";
import { linkHtml, renderEditorTag } from "./tags";

/**
 * Editor HTML (already cleaned to the allow-list) as React: ordinary markup stays markup, each
 * editor tag (avb-…) becomes its component. Elements with no editor tag inside render their
 * contents as HTML, so only the path down to a tag is built from React elements.
 */
export function renderEditorHtml(html: string, byReference = false): ReactNode {
  const document = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true });
  return nodesToReact(document.children, { insideLink: false, byReference }, "r");
}

export interface RenderContext {
  /** inside a link: a plain inner <a> becomes a <span> (spec 000 §5: nested links) */
  insideLink: boolean;
  /** inside markup the browser keeps without hydrating it (StaticMarkup) */
  staticMarkup?: boolean;
  /**
   * the markup is always in the document's HTML: runs of it may travel by reference (lib/html
   * writtenMarkup). Never inside an editor tag, whose contents may be drawn only in the browser (a
   * carousel's later slides, say): markup a document does not write cannot be read back.
   */
  byReference?: boolean;
}

/** React attribute names of the HTML attributes the allow-list keeps. */
const REACT_NAMES: Record<string, string> = {
  class: "className", srcset: "srcSet", colspan: "colSpan", rowspan: "rowSpan", datetime: "dateTime",
  allowfullscreen: "allowFullScreen", referrerpolicy: "referrerPolicy", playsinline: "playsInline", fetchpriority: "fetchPriority",
};
const BOOLEAN_ATTRIBUTES = new Set(["allowfullscreen", "playsinline", "controls", "muted", "loop", "open", "reversed"]);
const VOID = new Set(["area", "br", "col", "embed", "hr", "img", "input", "source", "track", "wbr"]);
/** Where a browser keeps no text: whitespace between rows is dropped so the markup hydrates as parsed. */
const NO_TEXT_CHILDREN = new Set(["table", "thead", "tbody", "tfoot", "tr", "colgroup", "ul", "ol", "dl", "select"]);

export function reactProps(attribs: Record<string, string>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === "style" || name.startsWith("on")) continue; // never reach here (allow-list); never rendered either
    props[REACT_NAMES[name] ?? name] = BOOLEAN_ATTRIBUTES.has(name) ? true : value;
  }
  return props;
}

/** Tags that render inline (phrasing) content; every other tag renders blocks. */
const INLINE_TAGS = new Set(["avb-link", "avb-site-info", "avb-button", "avb-lightbox", "avb-picture"]);
function hasBlockTag(node: Element): boolean {
  return node.children.some((child) => isTag(child) && ((child.name.startsWith("avb-") && !INLINE_TAGS.has(child.name)) || hasBlockTag(child)));
}

function hasEditorTag(node: Element): boolean {
  return node.children.some((child) => isTag(child) && (child.name.startsWith("avb-") || hasEditorTag(child)));
}

/** Tags that draw markup and links only, with no behaviour in the browser (links navigate from StaticMarkup). */
const STATIC_TAGS = new Set<string>([
  EDITOR_TAGS.link, EDITOR_TAGS.picture, EDITOR_TAGS.siteInfo, EDITOR_TAGS.storeInfo, EDITOR_TAGS.brands,
  EDITOR_TAGS.accordion, EDITOR_TAGS.accordionItem,
]);
function onlyStaticTags(node: Element): boolean {
  return node.children.every((child) => !isTag(child) || ((!isEditorTag(child.name) || STATIC_TAGS.has(child.name)) && onlyStaticTags(child)));
}

/**
 * Whether an element's editor tags are all links: such an island is written as markup (one string
 * in the page's payload, drawn in one go) instead of as React elements (a footer of link lists is
 * a tree of elements in the payload and in the server's render).
 */
function onlyLinkTags(node: Element): boolean {
  return node.children.every((child) => !isTag(child) || ((!child.name.startsWith("avb-") || child.name === EDITOR_TAGS.link) && onlyLinkTags(child)));
}

/** HTML attributes as React writes the props reactProps makes of them. */
function htmlAttributes(attribs: Record<string, string>): string {
  let out = "";
  for (const [name, value] of Object.entries(attribs)) {
    if (name === "style" || name.startsWith("on")) continue;
    out += BOOLEAN_ATTRIBUTES.has(name) ? ` ${name}=""` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/** Children of an island of links and markup (onlyLinkTags), as markup: what nodesToReact's elements draw. */
function nodesToHtml(nodes: readonly ChildNode[], context: RenderContext, parent?: string): string {
  let out = "";
  for (const node of nodes) {
    if (isText(node)) {
      if (!(parent && NO_TEXT_CHILDREN.has(parent) && !node.data.trim())) out += escapeHtml(node.data);
    } else if (isTag(node)) {
      out += elementToHtml(node, context);
    }
  }
  return out;
}

function elementToHtml(node: Element, context: RenderContext): string {
  const { name } = node;
  if (name === EDITOR_TAGS.link) return linkHtml(node.attribs, nodesToHtml(node.children, { ...context, insideLink: true }));
  if (name === "a" && context.insideLink) {
    return `<span${htmlAttributes(node.attribs.class === undefined ? {} : { class: node.attribs.class })}>${nodesToHtml(node.children, context)}</span>`;
  }
  const attributes = htmlAttributes(node.attribs);
  if (VOID.has(name)) return `<${name}${attributes}/>`;
  if (name === "a" || hasEditorTag(node)) {
    return `<${name}${attributes}>${nodesToHtml(node.children, { ...context, insideLink: context.insideLink || name === "a" }, name)}</${name}>`;
  }
  return `<${name}${attributes}>${render(node.children, { encodeEntities: "utf8" })}</${name}>`;
}

/** Markup written for StaticMarkup: by reference where the context is always in the document (see RenderContext). */
const inDocument = (html: string, context: RenderContext) => (context.byReference ? writtenMarkup(html) : html);

/** Children of an element, as React nodes. */
export function nodesToReact(nodes: readonly ChildNode[], context: RenderContext, keyPrefix: string, parent?: string): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, i) => {
    const key = `${keyPrefix}.${i}`;
    if (isText(node)) {
      if (parent && NO_TEXT_CHILDREN.has(parent) && !node.data.trim()) return;
      out.push(node.data);
      return;
    }
    if (!isTag(node)) return; // comments, directives
    out.push(elementToReact(node, context, key));
  });
  return out;
}

function elementToReact(node: Element, context: RenderContext, key: string): ReactNode {
  const { name } = node;
  if (isEditorTag(name)) return renderEditorTag(name as EditorTag, node, context, key);
  if (name.startsWith("avb-")) return <Fragment key={key}>{nodesToReact(node.children, context, key)}</Fragment>; // unknown tag: its contents
  const props = reactProps(node.attribs);
  // nested links are invalid: an inner plain anchor is shown as text (its link is dropped)
  if (name === "a" && context.insideLink) {
    return <span key={key} className={node.attribs.class}>{nodesToReact(node.children, context, key)}</span>;
  }
  if (VOID.has(name)) return createElement(name, { key, ...props });
  if (name === "a" || hasEditorTag(node)) {
    // an element whose tags only draw markup and links is not hydrated (the outermost such one)
    const island = !context.staticMarkup && name !== "a" && onlyStaticTags(node);
    const inner = { ...context, insideLink: context.insideLink || name === "a", staticMarkup: context.staticMarkup || island };
    let tag = name;
    // a paragraph cannot hold blocks (the browser would end it early): one with a block tag is a div
    if (name === "p" && hasBlockTag(node)) {
      tag = "div";
      props.className = props.className ? `cms-p ${String(props.className)}` : "cms-p";
    }
    if (island && onlyLinkTags(node)) {
      return createElement(StaticMarkup, { key, as: tag as keyof HTMLElementTagNameMap, ...props, html: inDocument(nodesToHtml(node.children, inner, name), context) });
    }
    const children = nodesToReact(node.children, inner, key, name);
    return island ? createElement(StaticMarkup, { key, as: tag as keyof HTMLElementTagNameMap, ...props }, ...children) : createElement(tag, { key, ...props }, ...children);
  }
  // nothing to build inside: the element's contents stay HTML (not compared on hydration)
  const html = render(node.children, { encodeEntities: "utf8" });
  // outside markup kept whole, the contents travel once: in the HTML, by reference in the payload
  if (context.byReference && !context.staticMarkup && !context.insideLink) return createElement(StaticMarkup, { key, as: name as keyof HTMLElementTagNameMap, ...props, html: writtenMarkup(html) });
  return createElement(name, { key, ...props, dangerouslySetInnerHTML: { __html: html } });
}

/** The text of a subtree (for titles editors wrote as content). */
export function textOf(node: ChildNode): string {
  if (isText(node)) return node.data;
  if (isTag(node)) return node.children.map(textOf).join("");
  return "";
}

/** Element children only (whitespace and comments between them dropped). */
export const elementChildren = (node: Element): Element[] => node.children.filter(isTag);
