import { z } from "zod";

/** GET /brands: every brand with products in the catalogue, for the brands page (use_brands_page). */
export const brandSummary = z.object({
  name: z.string(),
  /** also its manufacturer value: its special catalogue is /special/manufacturer/{url_key} */
  url_key: z.string(),
  logo_url: z.string(),
  product_count: z.number().int(),
});
export type BrandSummary = z.infer<typeof brandSummary>;
export const brandsAnswer = z.array(brandSummary);
