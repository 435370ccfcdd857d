import { inArray } from "drizzle-orm";
import { schema, type Db } from "../db/client";

export interface CategoryEntry {
  entityId: number;
  parentId: number | null;
  ancestors: number[]; // from the top, ending with the category itself
  name: string;
  urlKey: string;
  level: number;
  position: number;
}
export interface AttributeEntry {
  attributeId: number;
  code: string;
  label: string;
  groupName: string;
  position: number;
  isSwatch: boolean;
}
export interface OptionEntry {
  optionId: number;
  attributeId: number;
  value: string;
  label: string;
  swatch: string | null;
  position: number;
}
export interface BrandEntry {
  name: string;
  urlKey: string;
  logoUrl: string;
}
export interface BannerEntry {
  bannerId: number;
  bannerType: string;
  css: string;
  content: string;
  types: string[];
  categoryId: number | null;
  manufacturer: string | null;
  startDate: Date | null;
  endDate: Date | null;
  position: number;
}

/**
 * Banner types a product page may show as its retail banner, in order of preference: a banner
 * made for product pages, else the product brand's manufacturer banner.
 */
export const RETAIL_BANNER_TYPES = ["retailbanner", "manufacturer"] as const;

/**
 * The small tables every product answer looks things up in (categories, attributes and options,
 * brands, retail banners), held in memory per catalogue version instead of joined per request.
 */
export interface Dictionary {
  version: string;
  categories: Map<number, CategoryEntry>;
  attributes: Map<number, AttributeEntry>;
  options: Map<number, OptionEntry>;
  brands: Map<number, BrandEntry>;
  retailBanners: BannerEntry[];
}

export class DictionaryCache {
  private current: Promise<Dictionary> | null = null;
  private currentVersion: string | null = null;

  constructor(private readonly db: Db) {}

  get(version: string): Promise<Dictionary> {
    if (this.current && this.currentVersion === version) return this.current;
    this.currentVersion = version;
    const loading = this.load(version);
    this.current = loading;
    loading.catch(() => {
      if (this.current === loading) {
        this.current = null;
        this.currentVersion = null;
      }
    });
    return loading;
  }

  private async load(version: string): Promise<Dictionary> {
    const [categoryRows, attributeRows, optionRows, brandRows, bannerRows] = await Promise.all([
      this.db.select({
        entityId: schema.categories.entityId, parentId: schema.categories.parentId, path: schema.categories.path,
        name: schema.categories.name, urlKey: schema.categories.urlKey, level: schema.categories.level, position: schema.categories.position,
      }).from(schema.categories),
      this.db.select({
        attributeId: schema.attributes.attributeId, code: schema.attributes.code, label: schema.attributes.label,
        groupName: schema.attributes.groupName, position: schema.attributes.position, isSwatch: schema.attributes.isSwatch,
      }).from(schema.attributes),
      this.db.select({
        optionId: schema.attributeOptions.optionId, attributeId: schema.attributeOptions.attributeId, value: schema.attributeOptions.value,
        label: schema.attributeOptions.label, swatch: schema.attributeOptions.swatch, position: schema.attributeOptions.position,
      }).from(schema.attributeOptions),
      this.db.select().from(schema.brands),
      this.db.select({
        bannerId: schema.promoBanners.bannerId, bannerType: schema.promoBanners.bannerType, css: schema.promoBanners.css, content: schema.promoBanners.content,
        types: schema.promoBanners.types, categoryId: schema.promoBanners.categoryId, manufacturer: schema.promoBanners.manufacturer,
        startDate: schema.promoBanners.startDate, endDate: schema.promoBanners.endDate, position: schema.promoBanners.position,
      }).from(schema.promoBanners).where(inArray(schema.promoBanners.bannerType, [...RETAIL_BANNER_TYPES])),
    ]);
    return {
      version,
      categories: new Map(categoryRows.map((c) => [c.entityId, {
        entityId: c.entityId, parentId: c.parentId, name: c.name, urlKey: c.urlKey, level: c.level, position: c.position,
        ancestors: c.path.split("/").map(Number).filter((n) => Number.isInteger(n) && n > 0),
      }])),
      attributes: new Map(attributeRows.map((a) => [a.attributeId, a])),
      options: new Map(optionRows.map((o) => [o.optionId, o])),
      brands: new Map(brandRows.map((b) => [b.brandId, { name: b.name, urlKey: b.urlKey, logoUrl: b.logoUrl }])),
      retailBanners: bannerRows.sort((a, b) => RETAIL_BANNER_TYPES.indexOf(a.bannerType as never) - RETAIL_BANNER_TYPES.indexOf(b.bannerType as never)
        || a.position - b.position || a.bannerId - b.bannerId),
    };
  }
}
