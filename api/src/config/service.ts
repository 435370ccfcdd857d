import { eq } from "drizzle-orm";
import { DEFAULT_SITE_CONFIG, type SiteConfig } from "@store/contract";
import { schema, type Db } from "../db/client";

/**
 * How long a read config may be served from memory. Config rows change rarely and are read on
 * every page, so each instance keeps a copy for a moment; an edit shows everywhere within this
 * time without any shared cache between instances.
 */
const CONFIG_TTL_MS = 2_000;

export class ConfigService {
  private cached = new Map<string, { at: number; value: Promise<SiteConfig> }>();

  constructor(private readonly db: Db, readonly defaultStoreCode: string) {}

  get(storeCode = this.defaultStoreCode): Promise<SiteConfig> {
    const hit = this.cached.get(storeCode);
    if (hit && Date.now() - hit.at < CONFIG_TTL_MS) return hit.value;
    const value = this.load(storeCode);
    this.cached.set(storeCode, { at: Date.now(), value });
    value.catch(() => this.cached.delete(storeCode));
    return value;
  }

  /** Forget what was read (the change feed said a config row changed): the next get reads it. */
  forget(): void {
    this.cached.clear();
  }

  /** Stored values over the spec's defaults; nested objects are merged one level deep. */
  private async load(storeCode: string): Promise<SiteConfig> {
    const [row] = await this.db
      .select({ config: schema.storeConfigs.config })
      .from(schema.storeConfigs)
      .where(eq(schema.storeConfigs.storeCode, storeCode))
      .limit(1);
    return mergeConfig(row?.config ?? {}, storeCode);
  }

  /** Replace stored values (used by retailers' tooling and tests); takes effect at once here. */
  async update(changes: Record<string, unknown>, storeCode = this.defaultStoreCode): Promise<SiteConfig> {
    const [row] = await this.db
      .select({ config: schema.storeConfigs.config })
      .from(schema.storeConfigs)
      .where(eq(schema.storeConfigs.storeCode, storeCode))
      .limit(1);
    const config = { ...(row?.config ?? {}), ...changes };
    await this.db
      .insert(schema.storeConfigs)
      .values({ storeCode, config })
      .onConflictDoUpdate({ target: schema.storeConfigs.storeCode, set: { config, updatedAt: new Date() } });
    this.cached.delete(storeCode);
    return this.get(storeCode);
  }
}

export function mergeConfig(stored: Record<string, unknown>, storeCode: string): SiteConfig {
  const merged: Record<string, unknown> = { ...DEFAULT_SITE_CONFIG };
  for (const [key, value] of Object.entries(stored)) {
    // stored JSON may carry an own "__proto__" key: assigning it would swap the prototype
    if (key === "__proto__") continue;
    const fallback = Object.hasOwn(merged, key) ? merged[key] : undefined;
    merged[key] = isPlainObject(fallback) && isPlainObject(value) ? { ...fallback, ...value } : value;
  }
  merged.store_code = storeCode;
  // the analytics tag id falls back to the GA id (spec 000 §3)
  merged.gtm_id ??= merged.ga4_id ?? merged.ga_account ?? null;
  return merged as SiteConfig;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
