"use client";

import type { ErrorResponse, SessionUser } from "@store/contract";

/**
 * Browser-side client for the api. Calls go to /api/rest on this storefront's own origin (the
 * proxy forwards them), with the session cookie, JSON bodies and the language header. Every
 * POST, PUT and DELETE carries the session's CSRF token, fetched once from the session call.
 *
 * Only types are imported from the contract so no schema code reaches the browser bundle.
 */
export const CLIENT_API_BASE = "/api/rest";
export const CLIENT_LANGUAGE = "en-US";
const LANGUAGE_HEADER = "x-language";
const CSRF_HEADER = "x-csrf-token";
const SESSION_PATH = "/customers/self/session";

/**
 * A failed call: `status` is the HTTP status, or 0 when the request could not be sent;
 * `fromServer` when the message is the api's own `messages.error` text.
 */
export class ClientApiError extends Error {
  constructor(readonly status: number, message: string, readonly path: string, readonly fromServer = false) {
    super(message);
    this.name = "ClientApiError";
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface ClientRequestOptions {
  /** JSON body for POST/PUT/DELETE. */
  body?: unknown;
  /** Overrides the default language header. */
  language?: string;
  signal?: AbortSignal;
}

let sessionCall: Promise<SessionUser> | null = null;
/** whether `sessionCall` is still on its way */
let sessionPending = false;

function startSessionCall(): Promise<SessionUser> {
  const call = request<SessionUser>("GET", SESSION_PATH);
  sessionCall = call;
  sessionPending = true;
  call.then(
    () => { if (sessionCall === call) sessionPending = false; },
    () => { if (sessionCall === call) { sessionCall = null; sessionPending = false; } },
  );
  return call;
}

/**
 * The current session (GET /customers/self/session), fetched once per page load and shared by
 * every caller: two first-visit calls would each start a session, and the CSRF token of one would
 * not match the cookie the other left. Rejects when the call fails (the next caller tries again).
 */
function loadSession(refresh = false): Promise<SessionUser> {
  return !sessionCall || refresh ? startSessionCall() : sessionCall;
}

/** The session read from the api now (e.g. again after signing out), sharing a call already on its way. */
export function readSession(): Promise<SessionUser> {
  return sessionPending && sessionCall ? sessionCall : startSessionCall();
}

/** The shared session of `loadSession`, or null when the call fails. */
export function getSession(refresh = false): Promise<SessionUser | null> {
  return loadSession(refresh).catch(() => null);
}

/** The session a sign-in, sign-up or sign-out answered with: later calls use its CSRF token. */
export function rememberSession(user: SessionUser): void {
  sessionCall = Promise.resolve(user);
  sessionPending = false;
}

/** Forget the cached session (after signing in or out); the next call fetches it again. */
export function resetSession(): void {
  sessionCall = null;
  sessionPending = false;
}

async function csrfToken(): Promise<string | undefined> {
  const session = await getSession();
  return session?.customer_data?.csrf_token || undefined;
}

async function request<T>(method: HttpMethod, path: string, options: ClientRequestOptions = {}, retried = false): Promise<T> {
  const headers: Record<string, string> = {
    accept: "application/json",
    [LANGUAGE_HEADER]: options.language ?? CLIENT_LANGUAGE,
  };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") {
    const token = await csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(`${CLIENT_API_BASE}${path}`, {
      method,
      headers,
      credentials: "same-origin",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ClientApiError(0, error instanceof Error ? error.message : String(error), path);
  }
  // a token from before a sign-in or sign-out: read the session again and retry once
  if (response.status === 403 && method !== "GET" && !retried) {
    await getSession(true);
    return request<T>(method, path, options, true);
  }
  if (!response.ok) {
    const message = await errorMessage(response);
    throw new ClientApiError(response.status, message ?? `HTTP ${response.status} ${response.statusText}`.trim(), path, message !== null);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The first message of the api's error body, or null when there is none. */
async function errorMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as Partial<ErrorResponse>;
    const message = body.messages?.error?.[0]?.message;
    if (message) return message;
  } catch {
    // not JSON
  }
  return null;
}

export const clientGet = <T>(path: string, options?: ClientRequestOptions) => request<T>("GET", path, options);
export const clientPost = <T>(path: string, body?: unknown, options?: ClientRequestOptions) =>
  request<T>("POST", path, { ...options, body });
export const clientPut = <T>(path: string, body?: unknown, options?: ClientRequestOptions) =>
  request<T>("PUT", path, { ...options, body });
export const clientDelete = <T>(path: string, body?: unknown, options?: ClientRequestOptions) =>
  request<T>("DELETE", path, { ...options, body });

/** Encode one path parameter. */
export const clientPathParam = (value: string) => encodeURIComponent(value);
