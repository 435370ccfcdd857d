/**
 * The storefront's process entry: Next's production server behind a plain node:http server, so the
 * forwarding headers can be set from the socket before Next sees the request (Next itself passes a
 * client-sent X-Forwarded-For on to the api unchanged; see src/security/forwarded.mjs).
 *
 *   node server.mjs [-p PORT] [-H HOST]      (defaults: PORT env or 3000, HOST env or 0.0.0.0)
 *   STOREFRONT_TRUSTED_HOPS=N                load balancers in front whose X-Forwarded-* are kept
 *   STOREFRONT_PAGE_CACHE=off                render every page (no page cache)
 *   STOREFRONT_PAGE_CACHE_MB=256             bound of the page cache
 *   STOREFRONT_PAGE_CACHE_MAX_AGE_S=60       longest a page is kept (time-bound content: sale dates)
 *   STOREFRONT_PAGE_CACHE_DEBUG=1            answers name the data tags of their page (x-page-cache-tags)
 *
 * Page cache (src/pagecache/cache.mjs): a document request for a cacheable page is rendered once
 * per URL (campaign parameters such as utm_source and gclid left out) and data version, without
 * the shopper's cookies, and answered from memory until the api
 * says the data it read changed. Renders go through a private unix socket to the same Next handler
 * so their api calls can be attributed to them (AsyncLocalStorage). Such a page is sent as stored,
 * the same bytes to everyone (plain, gzip or brotli as the request accepts), with a CSP of hashes
 * in place of the render's nonce; pages that are not cached keep a fresh nonce per response. A
 * stored page's build scripts are fetched once it has painted (src/pagecache/scripts-after-paint.mjs),
 * and so are a personal page's (cart, checkout, account): rendered whole with the shopper's cookies
 * through the same socket, never kept (with the page cache off, every page is answered so). The
 * build's files (/_next/static) are kept too, each with its compressed copies made once, instead
 * of being compressed again for every request. A page that is not found is sent as Next's
 * not-found route draws it on the server (withNotFoundPage).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { replaceForwardedHeaders, trustedHops } from "./src/security/forwarded.mjs";
import { POLICY_APPLIED_HEADER, POLICY_TAGS, isMalformedPath, pagePolicy, policyInputsFrom } from "./src/security/headers.mjs";
import { PageCache, TRANSFER_HEADERS, encodedBody, encodedOnce, followVersions, pageKey, prepare, withoutCampaignParams } from "./src/pagecache/cache.mjs";
import { scriptsAfterPaint } from "./src/pagecache/scripts-after-paint.mjs";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

function argument(flag, fallback) {
  const at = process.argv.indexOf(flag);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const port = Number(argument("-p", process.env.PORT ?? "3000"));
const hostname = argument("-H", process.env.HOST ?? "0.0.0.0");
const hops = trustedHops(process.env.STOREFRONT_TRUSTED_HOPS);

const app = next({ dev: false, dir: path.dirname(fileURLToPath(import.meta.url)), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const API_URL = (process.env.API_URL ?? "http://127.0.0.1:4000").replace(/\/+$/, "");
const cacheOn = process.env.STOREFRONT_PAGE_CACHE !== "off";
/** STOREFRONT_PAGE_CACHE_DEBUG=1: answers name the data tags their page was built from */
const debug = process.env.STOREFRONT_PAGE_CACHE_DEBUG === "1";
const cache = new PageCache({
  maxBytes: Number(process.env.STOREFRONT_PAGE_CACHE_MB ?? 256) * 1024 * 1024,
  maxAgeMs: Number(process.env.STOREFRONT_PAGE_CACHE_MAX_AGE_S ?? 60) * 1000,
});

/** Pages with shopper state or forms of their own, and everything that is not a page: never cached. */
const UNCACHED_PATHS = /^\/(api|media|_next|checkout|cart|customer|wishlist|compare|_test|%5Ftest|favicon\.ico)(\/|$|\?|\.)/i;
/** Request headers a shared render must not see (cookies and credentials) or that shape one transfer. */
const PRIVATE_HEADERS = ["cookie", "authorization", "accept-encoding", "if-none-match", "if-modified-since", "range", "x-page-render"];
/** Pages of one shopper: a browser's request for one is rendered whole, then sent (answerPersonal). */
const PERSONAL_PAGES = /^\/(checkout|cart|customer|wishlist|compare)(\/|$|\?)/i;

/** A request for an HTML document: not a client-side navigation or prefetch (RSC), not a server action. */
function documentRequest(request) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const h = request.headers;
  return !(h.rsc || h["next-router-prefetch"] || h["next-action"] || h["next-router-state-tree"] || (request.url ?? "").includes("_rsc="));
}

function cacheable(request) {
  return cacheOn && documentRequest(request) && !request.headers.range && !UNCACHED_PATHS.test(request.url ?? "/");
}

/**
 * A browser's GET of a page (one that asks for HTML) rendered whole for its shopper: a personal page,
 * or, with the page cache off, any page (so a page not found is still drawn on the server).
 */
function renderedForShopper(request) {
  if (request.method !== "GET" || !documentRequest(request) || request.headers.range) return false;
  const url = request.url ?? "/";
  return (PERSONAL_PAGES.test(url) || (!cacheOn && !UNCACHED_PATHS.test(url))) && String(request.headers.accept ?? "").includes("text/html");
}

// renders: the page's api calls note their data tags on the render they belong to
const renders = new AsyncLocalStorage();
const inFlight = new Map();
let renderCount = 0;
/**
 * documents: the markup server components wrote for the document being rendered, read back by its
 * HTML pass, so the RSC payload inlined in the page names it instead of carrying a second copy
 * (markupRef in src/lib/html.ts). Only documents: a client navigation's payload carries the markup
 * or its data itself.
 */
const documents = new AsyncLocalStorage();
/** What Next answers without the page policy: the api's paths (proxy.ts forwards them) and the build's files. */
const OUTSIDE_POLICY = /^\/(?:(?:api\/rest|media)(?:[/?]|$)|_next\/static|_next\/image|favicon\.ico)/;
const policyInputsNow = policyInputsFrom(API_URL, (tags) => (cacheOn ? cache.generation(tags) : null));

/**
 * The page policy (security headers with a fresh nonce, src/security/headers.mjs) put on a request
 * and its answer here rather than by proxy.ts, which Next then skips (the request is marked): going
 * through Next's proxy cost a page render about a fourteenth of its CPU. A path that does not decode
 * is sent to the store's 404 page, as the proxy does.
 */
async function applyPagePolicy(request, response) {
  const url = request.url ?? "/";
  if (OUTSIDE_POLICY.test(url)) return;
  const query = url.indexOf("?");
  const inputs = await policyInputsNow();
  // a kept page's CSP names the script origins and the framing origin: it goes when they change
  const render = renders.getStore();
  if (render) for (const tag of POLICY_TAGS) render.tags.add(tag);
  const policy = pagePolicy(inputs, {
    https: request.headers["x-forwarded-proto"] === "https",
    pagespeed: query >= 0 && new URLSearchParams(url.slice(query + 1)).get("pagespeed") === "true",
  });
  Object.assign(request.headers, policy.request, { [POLICY_APPLIED_HEADER]: "1" });
  for (const [name, value] of Object.entries(policy.answer)) response.setHeader(name, value);
  if (isMalformedPath(query >= 0 ? url.slice(0, query) : url)) request.url = NOT_FOUND_ROUTE;
}

/** Next's handler, after the page policy, inside a document's markup store where the request is one */
function handleRequest(request, response) {
  applyPagePolicy(request, response).then(() => {
    if (documentRequest(request)) documents.run(new Map(), () => void handle(request, response));
    else void handle(request, response);
  }, (error) => {
    console.error("storefront: page policy failed", error);
    if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" }).end("Bad gateway");
  });
}
globalThis[Symbol.for("storefront.page-cache")] = {
  keepMarkup(write) {
    const kept = documents.getStore();
    if (!kept) return undefined;
    const ref = kept.size.toString(36);
    kept.set(ref, write());
    return ref;
  },
  keptMarkup: (ref) => documents.getStore()?.get(ref),
  note(tags) {
    const render = renders.getStore();
    if (render) for (const tag of tags) render.tags.add(tag);
  },
  script(code) {
    renders.getStore()?.scripts.add(code);
  },
  style(css) {
    renders.getStore()?.styles.add(css);
  },
  generation: (tags) => (cacheOn ? cache.generation(tags) : null),
  gated() {
    const render = renders.getStore();
    if (render) render.gated = true;
  },
};

/**
 * Whether the store is in kiosk/iframe mode, as its renders tell (see pageKey): its pages are
 * then keyed by what the auth gate reads of a request too.
 */
let gatedStore = false;

const socketDir = mkdtempSync(path.join(os.tmpdir(), "storefront-render-"));
const socketPath = path.join(socketDir, "render.sock");
const renderServer = http.createServer((request, response) => {
  const render = inFlight.get(request.headers["x-page-render"]);
  if (!render) {
    response.writeHead(404).end();
    return;
  }
  keepAnswer(response, render);
  renders.run(render, () => handleRequest(request, response));
});

/**
 * Next's answer to a render, kept on `render.answer` as it is written instead of being sent back
 * through the socket: Next writes a page in many small pieces, and each piece crossing the socket
 * (a write on one side, parsing and a copy on the other) cost a render about a twelfth more CPU
 * than rendering straight to a shopper. Only the status line and the headers cross it.
 */
function keepAnswer(response, render) {
  const chunks = [];
  const bytes = (chunk, encoding) => (typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  const { writeHead, end } = response;
  // nothing crosses the socket before the end: Next flushes the headers before its first piece
  response.flushHeaders = () => {};
  response.writeHead = function (status, ...rest) {
    if (typeof rest[0] === "string") this.statusMessage = rest.shift();
    const headers = rest[0];
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(headers[i], headers[i + 1]);
    else if (headers) for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    this.statusCode = status;
    return this;
  };
  response.write = function (chunk, encoding, callback) {
    if (chunk != null && chunk.length !== 0) chunks.push(bytes(chunk, encoding));
    const done = typeof encoding === "function" ? encoding : callback;
    if (done) process.nextTick(done);
    return true;
  };
  response.end = function (chunk, encoding, callback) {
    if (typeof chunk === "function") [chunk, callback] = [undefined, chunk];
    else if (typeof encoding === "function") [encoding, callback] = [undefined, encoding];
    if (chunk != null && chunk.length !== 0) chunks.push(bytes(chunk, encoding));
    render.answer ??= { status: this.statusCode, headers: this.getHeaders(), body: Buffer.concat(chunks) };
    // the socket's answer carries no body: a length set for the kept one would leave it waiting
    if (!this.headersSent) this.removeHeader("content-length");
    this.writeHead = writeHead;
    return end.call(this, callback);
  };
}
await new Promise((resolve) => renderServer.listen(socketPath, resolve));

/** Render `request`'s page (at `url`) as anyone would see it: no cookies, plain bytes, its data tags noted. */
function renderShared(request, url = request.url) {
  const headers = { ...request.headers };
  for (const name of PRIVATE_HEADERS) delete headers[name];
  return withNotFoundPage(renderWhole(url, headers), headers);
}

/** Render `request`'s page as its shopper sees it (their cookies), in plain bytes. */
function renderPersonal(request) {
  const headers = { ...request.headers };
  for (const name of ["accept-encoding", "if-none-match", "if-modified-since"]) delete headers[name];
  return withNotFoundPage(renderWhole(request.url, headers), headers);
}

/** Next's built-in route of the root not-found page, drawn inside the root layout. */
const NOT_FOUND_ROUTE = "/_not-found";
/** The document Next sends when a render failed before its shell: an empty body the browser fills in. */
const ERROR_SHELL = Buffer.from('<html id="__next_error__">');

/**
 * A page whose render called notFound() is answered by Next with an empty document that its
 * scripts draw the 404 page into (a blank page until then, and for good without scripts): the
 * not-found boundary is a client component, which the server's render does not run. Such an
 * answer is replaced by Next's own not-found route, the same 404 page drawn on the server, still
 * with status 404. The browser keeps the address it asked for (the router reads it from location).
 */
async function withNotFoundPage(rendering, headers) {
  const answer = await rendering;
  if (answer.status !== 404 || !answer.body.subarray(0, 4096).includes(ERROR_SHELL)) return answer;
  const page = await renderWhole(NOT_FOUND_ROUTE, headers);
  return page.status === 404 ? { ...page, tags: [...new Set([...answer.tags, ...page.tags])] } : answer;
}

/** The whole answer of Next's handler to a GET of `url` with `requestHeaders`, through the render socket. */
function renderWhole(url, requestHeaders) {
  const id = String(++renderCount);
  const render = { tags: new Set(), scripts: new Set(), styles: new Set(), gated: false, answer: undefined };
  inFlight.set(id, render);
  const headers = { ...requestHeaders, "x-page-render": id };
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ socketPath, method: "GET", path: url, headers }, (incoming) => {
      const chunks = [];
      incoming.on("data", (chunk) => chunks.push(chunk));
      incoming.on("end", () => {
        // Next's answer as keepAnswer kept it (what crossed the socket only where nothing was kept)
        const answer = render.answer ?? { status: incoming.statusCode ?? 500, headers: incoming.headers, body: Buffer.concat(chunks) };
        resolve({ ...answer, tags: [...render.tags], scripts: [...render.scripts], styles: [...render.styles], gated: render.gated });
      });
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  }).finally(() => inFlight.delete(id));
}

/** Sends a prepared answer in the encoding the request prefers (headers of the caller's own set first). */
async function sendPrepared(request, response, prepared) {
  const { body, encoding } = await encodedBody(prepared, request.headers["accept-encoding"]);
  for (const [name, value] of prepared.headers) response.appendHeader(name, value);
  if (encoding) response.setHeader("content-encoding", encoding);
  response.setHeader("vary", "Accept-Encoding");
  response.setHeader("content-length", body.length);
  response.writeHead(prepared.status);
  response.end(request.method === "HEAD" ? undefined : body);
}

/**
 * The build's files: their names change with their content, so each is kept once found, as Next
 * answered it, with its gzip and brotli copies made on first use (Next compresses a file again for
 * every request: about 70 ms of CPU for one page's scripts, taken from the page loading beside it).
 * Bounded by the build itself: only a file's own name is kept (no `.` or `..` segment, no escapes,
 * no query: another spelling of it goes to Next as it is), and a name that is not a file (not a
 * 200) never is.
 */
const BUILD_FILE = /^\/_next\/static(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
/** url → promise of its prepared answer (two first requests for a file render and compress it once) */
const buildFiles = new Map();

function buildFile(request) {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.range && BUILD_FILE.test(request.url ?? "");
}

async function answerBuildFile(request, response) {
  const url = request.url;
  let kept = buildFiles.get(url);
  if (!kept) {
    kept = renderShared(request).then(prepare);
    buildFiles.set(url, kept);
    // only a file is kept: a failed render or any other status is asked for again next time
    kept.then((prepared) => { if (prepared.status !== 200) buildFiles.delete(url); }, () => buildFiles.delete(url));
  }
  await sendPrepared(request, response, await kept);
}

async function answerFromCache(request, response) {
  const gated = gatedStore;
  // one page for every click of a campaign: rendered and kept without its parameters
  const url = withoutCampaignParams(request.url ?? "/");
  const { prepared, hit } = await cache.fetch(pageKey(request.headers, url, gated), async () => {
    const answer = await renderShared(request, url);
    if (String(answer.headers["content-type"] ?? "").startsWith("text/html")) answer.body = scriptsAfterPaint(answer.body);
    // the store went into iframe mode (or left it): keys say so from the next request on, and
    // a gated page rendered under a key that does not carry what the gate read is not kept
    gatedStore = answer.gated;
    return { ...answer, unkeyed: answer.gated && !gated };
  });
  response.setHeader("x-page-cache", hit ? "hit" : "miss");
  if (debug) response.setHeader("x-page-cache-tags", [...(prepared.tags ?? [])].join(" "));
  await sendPrepared(request, response, prepared);
}

/**
 * A personal page (or any page while the page cache is off): Next's answer whole, its build
 * scripts asked for after the first paint as a kept page's are (the page is ready about when its
 * first byte would have been: nothing on these pages waits on a slow part; what is the shopper's
 * own is fetched by the browser), compressed for this request only.
 */
async function answerPersonal(request, response) {
  const answer = await renderPersonal(request);
  const html = String(answer.headers["content-type"] ?? "").startsWith("text/html");
  const { body, encoding } = html ? await encodedOnce(scriptsAfterPaint(answer.body), request.headers["accept-encoding"]) : { body: answer.body, encoding: null };
  for (const [name, value] of Object.entries(answer.headers)) if (!TRANSFER_HEADERS.has(name)) response.setHeader(name, value);
  if (html) {
    const vary = String(answer.headers.vary ?? "");
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) response.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  if (encoding) response.setHeader("content-encoding", encoding);
  response.setHeader("content-length", body.length);
  response.writeHead(answer.status);
  response.end(body);
}

const server = http.createServer((request, response) => {
  replaceForwardedHeaders(request.headers, request.socket.remoteAddress, "encrypted" in request.socket, hops);
  delete request.headers["x-page-render"];
  delete request.headers[POLICY_APPLIED_HEADER];
  const answer = buildFile(request) ? answerBuildFile : cacheable(request) ? answerFromCache : renderedForShopper(request) ? answerPersonal : null;
  if (!answer) {
    handleRequest(request, response);
    return;
  }
  answer(request, response).catch((error) => {
    console.error("storefront: render failed", error);
    if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" }).end("Bad gateway");
    else response.destroy();
  });
});
const stopFollowing = cacheOn ? followVersions(cache, API_URL) : () => {};
server.listen(port, hostname, () => console.log(`storefront listening on http://${hostname}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    stopFollowing();
    renderServer.close();
    rmSync(socketDir, { recursive: true, force: true });
    server.close(() => process.exit(0));
    server.closeAllConnections();
    renderServer.closeAllConnections();
  });
}
