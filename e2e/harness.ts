/**
 * Runs the production build of both processes on a freshly seeded database for browser journeys.
 * It builds nothing: run `npm run build -w api` and the storefront's `next build` first.
 *
 *   sandbox     node api/dist/sandbox.js       the sandbox card gateway (Authorize.net protocol),
 *                                           notifying the api's webhook
 *   api         node api/dist/main.js          fresh DATA_DIR in a temp folder, SEED_PRODUCTS=200,
 *                                           CARD_GATEWAY_URL pointing at that sandbox
 *   storefront  storefront/server.mjs (Next's production server on the built .next)
 *                                           API_URL pointing at that api, test routes on
 *
 * Both run in their own process groups and are killed in teardown, on failure and on exit.
 * Set E2E_BASE_URL (and optionally E2E_API_URL) to drive an already running stack instead.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from "playwright-core";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const API_ENTRY = path.join(REPO_ROOT, "api", "dist", "main.js");
const SANDBOX_ENTRY = path.join(REPO_ROOT, "api", "dist", "sandbox.js");
const STOREFRONT_DIR = path.join(REPO_ROOT, "storefront");

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

export interface Stack {
  /** The storefront origin the browser uses, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The api origin (tests normally go through the storefront's /api/rest instead). */
  apiUrl: string;
  /** The demo shopper's password (for an already running stack: DEMO_PASSWORD, as it was seeded with). */
  demoPassword: string;
  stop(): Promise<void>;
}

/** Has `server` listen on a port the system picks (no race with other processes); resolves to it. */
export function listenOnAnyPort(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/** A TCP port nobody listens on right now (for a child process to listen on: see onFreePorts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

interface Managed {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
}

const running = new Set<Managed>();

// last resort: never leave servers behind when the test process goes away
process.once("exit", () => {
  for (const m of running) killGroup(m.child, "SIGKILL");
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the whole process group
  } catch {
    try { child.kill(signal); } catch { /* already gone */ }
  }
}

function start(name: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logDir: string }): Managed {
  const logFile = path.join(options.logDir, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => { log.end(); resolve(code); }));
  const managed = { name, child, logFile, exited };
  running.add(managed);
  void exited.then(() => running.delete(managed));
  return managed;
}

async function stopProcess(m: Managed, graceMs = 10_000) {
  if (m.child.exitCode !== null || m.child.signalCode !== null) return;
  killGroup(m.child, "SIGTERM");
  const done = await Promise.race([m.exited.then(() => true), delay(graceMs).then(() => false)]);
  if (!done) {
    killGroup(m.child, "SIGKILL");
    await Promise.race([m.exited, delay(5_000)]);
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Poll a URL until it answers 200 (or any status with `anyStatus`), the process dies, or time runs out. */
async function waitForOk(url: string, m: Managed, timeoutMs: number, anyStatus = false) {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (m.child.exitCode !== null || m.child.signalCode !== null) {
      throw new Error(`${m.name} exited (${m.child.exitCode ?? m.child.signalCode}) before answering ${url}\n--- ${m.logFile} ---\n${tail(m.logFile)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: "manual" });
      if (response.status === 200 || anyStatus) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await delay(300);
  }
  throw new Error(`${m.name} did not answer ${url} within ${timeoutMs / 1000} s (last: ${last})\n--- ${m.logFile} ---\n${tail(m.logFile)}`);
}

/** The storefront's process entry: Next's production server behind our own http server (forwarding headers). */
const STOREFRONT_ENTRY = path.join(STOREFRONT_DIR, "server.mjs");

/**
 * A process given a port that `freePort` found free can find it taken by the time it listens
 * (another process's outgoing connection may be given it meanwhile): such a start is tried again
 * on new ports, up to `times` in all.
 */
async function onFreePorts<T>(start: () => Promise<T>, times = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= times || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

/** Start api and storefront from their builds on a fresh database; resolves once both answer. */
export function startStack(options: StackOptions = {}): Promise<Stack> {
  return onFreePorts(() => startStackOnce(options));
}

interface StackOptions { seedProducts?: number; seedConfig?: Record<string, unknown>; apiEnv?: NodeJS.ProcessEnv }

async function startStackOnce(options: StackOptions): Promise<Stack> {
  if (process.env.E2E_BASE_URL) {
    const baseUrl = process.env.E2E_BASE_URL.replace(/\/+$/, "");
    return { baseUrl, apiUrl: process.env.E2E_API_URL ?? baseUrl, demoPassword: process.env.DEMO_PASSWORD ?? "", stop: async () => {} };
  }
  if (!existsSync(API_ENTRY)) throw new Error(`api build missing (${API_ENTRY}): run \`npm run build -w api\` first`);
  if (!existsSync(path.join(STOREFRONT_DIR, ".next", "BUILD_ID"))) {
    throw new Error("storefront build missing: run `npm run build -w storefront` first");
  }

  const workDir = mkdtempSync(path.join(os.tmpdir(), "storefront-e2e-"));
  const demoPassword = process.env.DEMO_PASSWORD || `journey-${randomBytes(9).toString("base64url")}`;
  const [apiPort, webPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const baseUrl = `http://127.0.0.1:${webPort}`;
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  delete baseEnv.DATABASE_URL; // always a fresh embedded database
  delete baseEnv.VITEST;
  delete baseEnv.VITEST_POOL_ID;
  delete baseEnv.VITEST_WORKER_ID;

  const started: Managed[] = [];
  const stop = async () => {
    await Promise.all(started.map((m) => stopProcess(m)));
    if (!process.env.E2E_KEEP_DATA) rmSync(workDir, { recursive: true, force: true });
  };

  try {
    // card payments go to the sandbox gateway; its decisions on held cards come back to the api's webhook
    const sandbox = start("sandbox", process.execPath, [SANDBOX_ENTRY], {
      cwd: REPO_ROOT,
      logDir: workDir,
      env: { ...baseEnv, API_PORT: String(apiPort), SANDBOX_CARD_GATEWAY_PORT: String(sandboxPort) },
    });
    started.push(sandbox);
    await waitForOk(`http://127.0.0.1:${sandboxPort}/`, sandbox, 30_000, true);

    const api = start("api", process.execPath, [API_ENTRY], {
      cwd: REPO_ROOT,
      logDir: workDir,
      env: {
        ...baseEnv,
        API_PORT: String(apiPort),
        API_HOST: "127.0.0.1",
        DATA_DIR: path.join(workDir, "data"),
        SEED_PRODUCTS: String(options.seedProducts ?? 200),
        SEED_CONFIG: options.seedConfig ? JSON.stringify(options.seedConfig) : "",
        DEMO_PASSWORD: demoPassword,
        CARD_GATEWAY_URL: `http://127.0.0.1:${sandboxPort}/xml/v1/request.api`,
        LOG_LEVEL: "warn",
        // links in mails (password reset) lead to this storefront
        PUBLIC_URL: baseUrl,
        ...options.apiEnv,
      },
    });
    started.push(api);
    await waitForOk(`${apiUrl}/health`, api, 240_000);

    const web = startStorefrontProcess(apiUrl, webPort, workDir, baseEnv);
    started.push(web);
    await waitForOk(`${baseUrl}/`, web, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, apiUrl, demoPassword, stop };
}

function startStorefrontProcess(apiUrl: string, port: number, logDir: string, baseEnv: NodeJS.ProcessEnv, name = "storefront", env: NodeJS.ProcessEnv = {}): Managed {
  return start(name, process.execPath, [STOREFRONT_ENTRY, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: STOREFRONT_DIR,
    logDir,
    env: { ...baseEnv, API_URL: apiUrl, PORT: String(port), STOREFRONT_TEST_ROUTES: "1", ...env },
  });
}

/**
 * A further storefront from the same build, against any api address (e.g. one where nothing
 * listens, to see how the shop behaves when its api is down). Resolves once it serves `readyPath`
 * with any status.
 */
export function startExtraStorefront(apiUrl: string, readyPath = "/favicon.ico", env: NodeJS.ProcessEnv = {}): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  return onFreePorts(() => startExtraStorefrontOnce(apiUrl, readyPath, env));
}

async function startExtraStorefrontOnce(apiUrl: string, readyPath: string, env: NodeJS.ProcessEnv): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "storefront-e2e-extra-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const web = startStorefrontProcess(apiUrl, port, workDir, { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" }, "storefront-extra", env);
  const stop = async () => {
    await stopProcess(web);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${baseUrl}${readyPath}`, web, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * A storefront whose api fails some requests: an api in front of the real one answers the requests
 * `fails` picks with 503 (in the api's error shape) and forwards every other one unchanged, and a
 * further storefront from the same build talks to it. For the error texts a shopper sees when the
 * api is failing; `failed` lists the paths answered 503 so far.
 */
export async function startFailingStorefront(
  apiUrl: string,
  fails: (request: { method: string; path: string }) => boolean,
  /** `silent`: the failing answer carries no message, so the storefront must show its own text */
  options: { silent?: boolean } = {},
): Promise<{ baseUrl: string; failed: string[]; stop(): Promise<void> }> {
  const failed: string[] = [];
  const shop = await startStorefrontBehind(apiUrl, (request, res) => {
    if (!fails(request)) return false;
    failed.push(request.path);
    res.writeHead(503, { "content-type": "application/json" });
    res.end(JSON.stringify(options.silent ? {} : { messages: { error: [{ message: "Service unavailable" }] } }));
    return true;
  });
  return { ...shop, failed };
}

/** A request as it reached the api from the storefront. */
export interface ArrivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A storefront whose requests to the api are recorded on their way (method, path, headers): to see
 * what the api really hears, e.g. which X-Forwarded-For. `env` is laid over the storefront's.
 */
export async function startRecordedStorefront(apiUrl: string, env: NodeJS.ProcessEnv = {}): Promise<{ baseUrl: string; arrived: ArrivedRequest[]; stop(): Promise<void> }> {
  const arrived: ArrivedRequest[] = [];
  const shop = await startStorefrontBehind(apiUrl, (request) => {
    arrived.push(request);
    return false;
  }, env);
  return { ...shop, arrived };
}

/**
 * A further storefront whose api is a local server in front of the real one: `intercept` sees
 * each request first and may answer it itself (returns true); every other request is forwarded unchanged.
 */
async function startStorefrontBehind(
  apiUrl: string,
  intercept: (request: ArrivedRequest, res: http.ServerResponse) => boolean,
  env: NodeJS.ProcessEnv = {},
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (intercept({ method: req.method ?? "GET", path: req.url ?? "/", headers: { ...req.headers } }, res)) return;
    const upstream = http.request(`${apiUrl}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", () => { res.writeHead(502); res.end(); });
    req.pipe(upstream);
  });
  const port = await listenOnAnyPort(server);
  const closeServer = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  try {
    const shop = await startExtraStorefront(`http://127.0.0.1:${port}`, "/favicon.ico", env);
    return { baseUrl: shop.baseUrl, stop: async () => { await shop.stop(); await closeServer(); } };
  } catch (error) {
    await closeServer();
    throw error;
  }
}

/** Debian Chromium, headless, with nothing reaching out to the internet. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Journeys are shoppers, so the browser says what a shopper's Chrome says: headless Chromium names
 * itself HeadlessChrome, which the demo store's crawler pattern counts as a bot (no session, no CSRF token).
 */
const SHOPPER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SHOPPER_PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, userAgent: SHOPPER_UA };
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: SHOPPER_PHONE_UA };

/** A new page in its own context; errors the page logs are collected for assertions. */
export async function openPage(browser: Browser, baseUrl: string, context: BrowserContextOptions = DESKTOP) {
  const ctx = await browser.newContext({ ...context, baseURL: baseUrl });
  const page: Page = await ctx.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { page, pageErrors, close: () => ctx.close() };
}

/** GET a call of the api from inside the page, through the storefront origin (the browser's only backend). */
export async function apiFromPage<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (p) => {
    const response = await fetch(`/api/rest${p}`, { credentials: "include", headers: { accept: "application/json" } });
    return { status: response.status, body: await response.json() };
  }, path);
}

/** The JSON of a GET of the api from inside the page; any answer but 2xx fails the journey. */
export async function apiJson<T>(page: Page, path: string): Promise<T> {
  const { status, body } = await apiFromPage<T>(page, path);
  if (status < 200 || status > 299) throw new Error(`${path}: HTTP ${status}`);
  return body;
}


/**
 * Holds back the build's scripts (Next's chunks) a page asks for until `release()`: the page shows
 * as the server wrote it and stays unhydrated, for journeys of what a shopper does before the
 * scripts arrive. Navigate with `waitUntil: "domcontentloaded"` meanwhile (the load event waits
 * for scripts). `held()` counts the scripts asked for so far.
 */
export async function holdScripts(page: Page): Promise<{ held(): number; release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let held = 0;
  await page.route(/\/_next\/static\/.+\.js(\?|$)/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { held: () => held, release };
}

/** Whether React has hydrated the element (it keeps its props on the elements it hydrated). */
export function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")));
}
