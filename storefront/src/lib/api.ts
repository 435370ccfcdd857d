import type { ErrorResponse } from "@store/contract";
import { httpRequest, type Answer } from "@store/contract/http-request";
import { dataGeneration, notePageData, pageTagsFor, type PageTags } from "@/pagecache/tags";

/**
 * Server-side client for the api. Server components call the api origin directly (never through
 * this storefront's own /api/rest rewrite), over node:http (less CPU per render than the
 * framework's fetch), and the framework never caches an answer: every page render sees the current
 * configuration and content.
 */
export const API_URL = (process.env.API_URL ?? "http://127.0.0.1:4000").replace(/\/+$/, "");
export const API_BASE = `${API_URL}/api/rest`;

/** The only UI language shipped (spec 000 §1); sent as the api's language header. */
export const DEFAULT_LANGUAGE = "en-US";
export const LANGUAGE_HEADER = "x-language";

const TIMEOUT_MS = 10_000;

/** A failed api call: `status` is the HTTP status, or 0 when the api could not be reached. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly path: string) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiRequestOptions {
  language?: string;
  /**
   * The page-cache tags of this answer, for a call whose path does not name its data (by default
   * they are read from the path and the body, and an unknown one drops the page on every change).
   */
  tags?: PageTags;
}

/** GET a path under /api/rest and return its JSON, typed by the contract. */
export async function apiGet<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  let response: Answer;
  try {
    response = await httpRequest(`${API_BASE}${path}`, {
      headers: { accept: "application/json", [LANGUAGE_HEADER]: options.language ?? DEFAULT_LANGUAGE },
      timeoutMs: TIMEOUT_MS,
    });
  } catch (error) {
    throw new ApiError(0, `api unreachable for GET ${path}: ${error instanceof Error ? error.message : String(error)}`, path);
  }
  if (response.status < 200 || response.status > 299) throw new ApiError(response.status, errorMessage(response), path);
  let body: T;
  try {
    body = JSON.parse(response.text) as T;
  } catch {
    throw new ApiError(502, `the api's answer to GET ${path} is not JSON`, path);
  }
  // the page cache keeps this page only until the data it was built from changes
  notePageData(options.tags ?? pageTagsFor(path, body));
  return body;
}

/**
 * How long public catalogue and content answers are shared between page renders in this process
 * when the api's data versions are not followed (next dev). Under server.mjs they are kept per data
 * version instead: a change moves the version and the next render reads the api again.
 */
const SHARED_TTL_MS = 2_000;
const SHARED_LIMIT = 2_000;
const shared = new Map<string, { at: number; generation: string | null; value: Promise<unknown> }>();

/**
 * GET for public data (config, menus, blocks, pages …): one api call per path per data version
 * (or per {@link SHARED_TTL_MS} without versions). A hit still notes its tags on the page render.
 */
export function apiGetShared<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const key = `${options.language ?? DEFAULT_LANGUAGE} ${path}`;
  const tags = pageTagsFor(path);
  const generation = dataGeneration(tags);
  const now = Date.now();
  const hit = shared.get(key);
  const fresh = hit && (generation !== null ? hit.generation === generation : hit.generation === null && now - hit.at < SHARED_TTL_MS);
  if (hit && fresh) {
    notePageData(tags);
    return hit.value as Promise<T>;
  }
  const value = apiGet<T>(path, options);
  shared.delete(key);
  if (shared.size >= SHARED_LIMIT) shared.delete(shared.keys().next().value as string);
  shared.set(key, { at: now, generation, value });
  value.catch(() => shared.delete(key)); // failures are not remembered
  return value;
}

/** The first message of the api's error body, or the status line when the body has none. */
function errorMessage(response: Answer): string {
  try {
    const body = JSON.parse(response.text) as Partial<ErrorResponse>;
    const message = body.messages?.error?.[0]?.message;
    if (message) return message;
  } catch {
    // not JSON: fall through
  }
  return `HTTP ${response.status} ${response.statusText}`.trim();
}

/** Encode one path parameter; identifiers may contain slashes (nested CMS pages). */
export const pathParam = (value: string) => encodeURIComponent(value);
