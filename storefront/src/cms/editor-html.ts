import sanitizeHtml from "sanitize-html";
import { editorHtmlCleaner } from "@store/contract";

/**
 * Editor HTML cleaned once more where it is rendered, to the same allow-list the api applies
 * (contract/src/editor-html.ts): content that reached the api some other way still renders safe.
 */
export const cleanEditorHtml: (html: string | null | undefined) => string = editorHtmlCleaner(sanitizeHtml);
