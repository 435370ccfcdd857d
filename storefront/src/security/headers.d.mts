import type { ScriptEntry, SiteConfig } from "@store/contract";

export const EMBED_ORIGINS: readonly string[];
export const PAGESPEED_HEADER: "x-pagespeed";
export const POLICY_APPLIED_HEADER: "x-storefront-policy";
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>>;
export const HSTS: string;

export interface PagePolicy {
  nonce: string;
  /** origins of configured third-party scripts */
  scriptOrigins: readonly string[];
  /** origin allowed to frame the store (kiosk/iframe mode: the configured iframe_url); none when undefined */
  frameAncestor?: string;
  /** the request reached us over https */
  https: boolean;
}

export interface PolicyInputs {
  frameAncestor?: string;
  origins: string[];
  noIndex: boolean;
}

export function newNonce(): string;
export function originOf(url: string | null | undefined): string | undefined;
export function scriptOrigins(entries: readonly ScriptEntry[]): string[];
export function policyInputs(config: Partial<SiteConfig> | undefined, scripts: unknown): PolicyInputs;
export const POLICY_TAGS: readonly string[];
export function policyInputsFrom(apiUrl: string, generation: (tags: readonly string[]) => string | null, ttlMs?: number): () => Promise<PolicyInputs>;
export function contentSecurityPolicy(policy: PagePolicy): string;
export function pageSecurityHeaders(policy: PagePolicy): Record<string, string>;
export function pagePolicy(inputs: PolicyInputs, request: { https: boolean; pagespeed: boolean }): { request: Record<string, string>; answer: Record<string, string> };
export function isMalformedPath(pathname: string): boolean;
