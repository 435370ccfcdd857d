import sanitizeHtml from "sanitize-html";
import { editorHtmlCleaner } from "@store/contract";

/**
 * Editor HTML is sanitised on the server before any shopper sees it (DESIGN.md §2), to the
 * allow-list of the editor tags (contract/src/editor-html.ts), which the storefront applies again.
 */
export const sanitizeEditorHtml: (html: string) => string = editorHtmlCleaner(sanitizeHtml);
