import { z } from "zod";
import { plainText } from "./common";

/** Root of the storefront's category tree (spec 000 §3). */
export const ROOT_CATEGORY_ID = "2";

export const category = z.object({
  entity_id: z.string(),
  parent_id: z.string(),
  url_key: z.string(),
  name: z.string(),
  level: z.number().int(),
  icon_url: z.string(),
  include_in_menu: z.string(),
  position: z.string(),
});
export type Category = z.infer<typeof category>;

export const cmsBlock = z.object({
  identifier: z.string(),
  block_id: z.string(),
  content: z.string(),
  title: z.string(),
});
export type CmsBlock = z.infer<typeof cmsBlock>;

export const cmsPage = z.object({
  page_id: z.string(),
  identifier: z.string(),
  title: z.string(),
  content: z.string(),
  content_heading: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  structured_data: z.string(),
  no_index: z.boolean(),
  published_revision_id: z.string(),
});
export type CmsPage = z.infer<typeof cmsPage>;

export const menuItem = z.object({
  node_id: z.string(),
  parent_node_id: z.string().nullable(),
  label: z.string(),
  request_url: z.string(),
  href_override: z.string(),
  target: z.string(),
  icon_url: z.string(),
  top_menu_visibility: z.string(),
  placement: z.string(),
  position: z.string(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const scriptEntry = z.object({
  script_id: z.string(),
  parent_id: z.string().nullable(),
  location: z.enum(["head", "body"]),
  cms_pages: z.array(z.string()),
  force_reload: z.boolean(),
  html_attribs: z.record(z.string(), z.string()),
  script_name: z.string(),
  source: z.enum(["url", "inline"]),
  script: z.string(),
  type: z.string(),
  additional_html: z.string(),
  get children() { return z.array(scriptEntry); },
});
export type ScriptEntry = z.infer<typeof scriptEntry>;

export const identifierParam = z.object({ identifier: plainText(200).min(1) });
