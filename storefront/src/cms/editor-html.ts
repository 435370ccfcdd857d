import sanitizeHtml from "sanitize-html";
import { editorHtmlCleaner, type EditorHtmlOptions } from "@store/contract";
import { parseImageSize } from "@store/contract/editor-tags";
import { optimisedEditorImage } from "./images";

type Tag = ReturnType<EditorHtmlOptions["transformTags"]["*"]>;

/** A plain <img> of the store's own media gets the optimiser's sized copies (an editor's own srcset stays). */
function optimiseImage(tag: Tag): Tag {
  const { attribs } = tag;
  if (!attribs.src || attribs.srcset) return tag;
  const optimised = optimisedEditorImage(attribs.src, parseImageSize(attribs.width), parseImageSize(attribs.height));
  return optimised ? { ...tag, attribs: { ...attribs, src: optimised.src, srcset: optimised.srcSet, sizes: optimised.sizes } } : tag;
}

/**
 * Editor HTML cleaned once more where it is rendered, to the same allow-list the api applies
 * (contract/src/editor-html.ts): content that reached the api some other way still renders safe.
 * Its pictures from the store's media come through the image optimiser.
 */
export const cleanEditorHtml: (html: string | null | undefined) => string = editorHtmlCleaner((html, options) => sanitizeHtml(html, {
  ...options,
  transformTags: { ...options.transformTags, img: (tagName: string, attribs: sanitizeHtml.Attributes) => optimiseImage(options.transformTags["*"](tagName, attribs)) },
}));
