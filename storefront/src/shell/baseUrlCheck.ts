import type { SiteConfig } from "@store/contract";
import { baseUrl } from "./metadata";

const reported = new Set<string>();

/** Config base URL not matching the host: logged as an error only (spec 000 §8), once per pair. */
export function checkBaseUrl(config: Pick<SiteConfig, "base_url">, host: string | null) {
  const base = baseUrl(config);
  if (!base || !host || base.host === host) return;
  const key = `${base.host} ${host}`;
  if (reported.has(key)) return;
  reported.add(key);
  console.error(`config base_url ${base.origin} does not match the host this storefront is served from (${host})`);
}
