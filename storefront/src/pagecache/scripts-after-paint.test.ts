import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM module of server.mjs, without types
import { scriptsAfterPaint } from "./scripts-after-paint.mjs";
// @ts-expect-error plain ESM module of server.mjs, without types
import { prepare } from "./cache.mjs";

const NONCE = "bm9uY2Vub25jZW5vbmNl";
const CHUNKS = ["/_next/static/chunks/webpack-1a.js", "/_next/static/chunks/react-2b.js", "/_next/static/chunks/page-3c.js?dpl=x&amp;v=2"];
const PRELOAD = `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/main-0z.js"/>`;
const SCRIPTS = CHUNKS.map((src) => `<script src="${src}" async="" nonce="${NONCE}"></script>`).join("");
const BEFORE = `<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/><link rel="preload" as="image" fetchPriority="high" imageSrcSet="/_next/image?url=%2Fa.png&amp;w=384 1x"/><link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${NONCE}" data-precedence="next"/>`;
const AFTER = `<meta name="theme-color" content="#1a4d8f"/><title>Café – ☕ | Store</title><script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script></head>`;
// React's bootstrap script (the preloaded one) comes after the page, its attributes in another order
const BOOTSTRAP = `<script src="/_next/static/chunks/main-0z.js" nonce="${NONCE}" async=""></script>`;
const BODY_BEFORE = `<body><main><h1>Chairs</h1></main>`;
const BODY_AFTER = `<script nonce="${NONCE}">self.__next_f.push([1,"x"])</script></body></html>`;
const BODY = BODY_BEFORE + BOOTSTRAP + BODY_AFTER;
/** A page as Next writes it: the script preload and the chunk scripts in its head. */
const nextPage = () => Buffer.from(BEFORE + PRELOAD + SCRIPTS + AFTER + BODY);

const loaderOf = (html: string) => {
  const head = html.slice(0, html.indexOf("</head>"));
  const found = [...head.matchAll(/<script nonce="([^"]*)">([\s\S]*?)<\/script>/g)];
  expect(found).toHaveLength(1);
  return { nonce: found[0]![1], code: found[0]![2]!, at: found[0]!.index! };
};

/**
 * Runs the loader against a document that records what is inserted, with frames, timers and paint
 * reports run by hand; `paints: false` is a browser that cannot report paints.
 */
function runLoader(code: string, visibility: "visible" | "hidden", { paints = true, channel = false } = {}) {
  const inserted: Array<Record<string, unknown>> = [];
  const listeners: Array<() => void> = [];
  const frames: Array<() => void> = [];
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const observers: Array<{ callback: (list: unknown, observer: unknown) => void; type?: string; buffered?: boolean; connected: boolean }> = [];
  const messages: Array<() => void> = [];
  /** a MessageChannel whose messages are delivered by hand (`message`) */
  class FakeChannel {
    port1: { onmessage?: () => void } = {};
    port2 = { postMessage: () => { messages.push(() => this.port1.onmessage?.()); } };
  }
  const document = {
    visibilityState: visibility,
    head: { appendChild: (element: Record<string, unknown>) => inserted.push(element) },
    createElement: (tag: string) => {
      const element: Record<string, unknown> = { tag };
      element.setAttribute = (name: string, value: string) => { element[name] = value; };
      return element;
    },
    addEventListener: (type: string, listener: () => void) => { if (type === "visibilitychange") listeners.push(listener); },
  };
  class FakeObserver {
    static supportedEntryTypes = ["navigation", "paint", "resource"];
    private readonly entry: (typeof observers)[number];
    constructor(callback: (list: unknown, observer: unknown) => void) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(options: { type: string; buffered: boolean }) { Object.assign(this.entry, options, { connected: true }); }
    disconnect() { this.entry.connected = false; }
  }
  new Function("document", "requestAnimationFrame", "setTimeout", "PerformanceObserver", "MessageChannel", code)(
    document, (callback: () => void) => frames.push(callback), (callback: () => void, ms: number) => timers.push({ callback, ms }),
    paints ? FakeObserver : undefined, channel ? FakeChannel : undefined);
  const summary = () => inserted.map(({ tag, src, href, rel, as, async, fetchpriority }) =>
    tag === "script" ? { tag, src, async } : { tag, href, rel, as, fetchpriority });
  return {
    summary,
    observers,
    frame: () => frames.splice(0).forEach((callback) => callback()),
    /** runs the timers due within `ms` of the loader's start, and those they set that are due too */
    timers: (ms = 0) => {
      for (let due = timers.filter((t) => t.ms <= ms); due.length > 0; due = timers.filter((t) => t.ms <= ms)) {
        for (const timer of due) { timers.splice(timers.indexOf(timer), 1); timer.callback(); }
      }
    },
    /** delivers the first message posted (one task); false when none was */
    message: () => { const next = messages.shift(); next?.(); return next !== undefined; },
    /** the browser reports a paint to the observers listening for paints */
    paint: (name: "first-paint" | "first-contentful-paint") => {
      for (const o of observers.filter((o) => o.connected && o.type === "paint")) {
        o.callback({ getEntriesByName: (n: string) => (n === name ? [{ name, entryType: "paint" }] : []) }, { disconnect: () => { o.connected = false; } });
      }
    },
    hide: () => { document.visibilityState = "hidden"; listeners.forEach((listener) => listener()); },
  };
}

const EXPECTED = [
  { tag: "script", src: "/_next/static/chunks/webpack-1a.js", async: true },
  { tag: "script", src: "/_next/static/chunks/react-2b.js", async: true },
  { tag: "script", src: "/_next/static/chunks/page-3c.js?dpl=x&v=2", async: true },
  { tag: "script", src: "/_next/static/chunks/main-0z.js", async: true },
];

describe("a cached page's build scripts load after its first paint", () => {
  it("takes the chunk scripts, the bootstrap script and its preload out and puts one loader, with the render's nonce, where the first stood; every other byte stays", () => {
    const out = scriptsAfterPaint(nextPage()).toString("utf8");
    expect(out).not.toMatch(/<script src="\/_next\/static\/chunks\/(webpack|react|page|main)/);
    expect(out).not.toContain('rel="preload" as="script"');
    const { nonce, code, at } = loaderOf(out);
    expect(nonce).toBe(NONCE);
    expect(at).toBe(BEFORE.length);
    // the rest is the page as rendered, the polyfill (noModule) and the body's inline scripts included
    expect(out.replace(/<script nonce="[^"]*">[\s\S]*?<\/script>(?=<meta)/, "")).toBe(BEFORE + AFTER + BODY_BEFORE + BODY_AFTER);
    expect(code).not.toContain("</");
  });

  it("in the browser, inserts the preload and the scripts, in the page's order, once the first contentful paint is reported, and only once", () => {
    const { code } = loaderOf(scriptsAfterPaint(nextPage()).toString("utf8"));
    const browser = runLoader(code, "visible");
    expect(browser.observers.map(({ type, buffered, connected }) => ({ type, buffered, connected }))).toEqual([{ type: "paint", buffered: true, connected: true }]);
    // a frame, even a painted one, is not enough: its content may not be on screen yet
    browser.frame();
    browser.timers(0);
    browser.paint("first-paint");
    expect(browser.summary()).toEqual([]);
    browser.paint("first-contentful-paint");
    // one element per task: the first at once, the next from a task of its own
    expect(browser.summary()).toEqual(EXPECTED.slice(0, 1));
    browser.timers(0);
    expect(browser.summary()).toEqual(EXPECTED);
    expect(browser.observers[0]!.connected).toBe(false);
    browser.hide();
    browser.timers(60_000);
    expect(browser.summary()).toEqual(EXPECTED);
  });

  it("where paints cannot be reported, inserts them once the first frame has painted", () => {
    const { code } = loaderOf(scriptsAfterPaint(nextPage()).toString("utf8"));
    const browser = runLoader(code, "visible", { paints: false });
    expect(browser.summary()).toEqual([]);
    browser.frame();
    // inside the frame's callback the frame has not painted yet: the insert waits for the task after it
    expect(browser.summary()).toEqual([]);
    browser.timers(0);
    expect(browser.summary()).toEqual(EXPECTED);
  });

  it("inserts one element per task, by messages to itself where the browser has MessageChannel (no timer, so no clamping)", () => {
    const { code } = loaderOf(scriptsAfterPaint(nextPage()).toString("utf8"));
    const browser = runLoader(code, "visible", { channel: true });
    browser.paint("first-contentful-paint");
    for (let n = 1; n <= EXPECTED.length; n++) {
      expect(browser.summary()).toEqual(EXPECTED.slice(0, n));
      expect(browser.message()).toBe(n < EXPECTED.length);
    }
    expect(browser.summary()).toEqual(EXPECTED);
    browser.timers(60_000);
    expect(browser.summary()).toEqual(EXPECTED);
  });

  it("a page whose first contentful paint is never reported still gets its scripts, 4 seconds after its head was read", () => {
    const { code } = loaderOf(scriptsAfterPaint(nextPage()).toString("utf8"));
    const browser = runLoader(code, "visible");
    browser.frame();
    browser.timers(3_999);
    expect(browser.summary()).toEqual([]);
    browser.timers(4_000);
    expect(browser.summary()).toEqual(EXPECTED);
    browser.paint("first-contentful-paint");
    browser.timers(0);
    expect(browser.summary()).toEqual(EXPECTED);
  });

  it("in a hidden tab (no frames) inserts them at once, and when the tab is hidden before its first frame, then", () => {
    const { code } = loaderOf(scriptsAfterPaint(nextPage()).toString("utf8"));
    const hidden = runLoader(code, "hidden");
    hidden.timers(0);
    expect(hidden.summary()).toEqual(EXPECTED);
    const tab = runLoader(code, "visible");
    tab.hide();
    tab.timers(0);
    expect(tab.summary()).toEqual(EXPECTED);
    tab.frame();
    tab.paint("first-contentful-paint");
    tab.timers(60_000);
    expect(tab.summary()).toEqual(EXPECTED);
  });

  it("keeps a script preload whose script is not in the page, inserting it as a preload", () => {
    const lone = `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/later-4d.js"/>`;
    const page = Buffer.from(`<html><head>${lone}${SCRIPTS}</head><body></body></html>`);
    const browser = runLoader(loaderOf(scriptsAfterPaint(page).toString("utf8")).code, "hidden");
    browser.timers(0);
    expect(browser.summary()).toEqual([
      { tag: "link", href: "/_next/static/chunks/later-4d.js", rel: "preload", as: "script", fetchpriority: "low" },
      ...EXPECTED.slice(0, 3),
    ]);
  });

  it("leaves a page with no chunk scripts in its head as it is, and other scripts where they are", () => {
    const plain = Buffer.from(`<html><head><title>x</title></head><body>${SCRIPTS}</body></html>`);
    expect(scriptsAfterPaint(plain)).toBe(plain);
    const noHead = Buffer.from(`<p>fragment</p>${SCRIPTS}`);
    expect(scriptsAfterPaint(noHead)).toBe(noHead);
    const thirdParty = `<script src="https://cdn.example.com/widget.js" async=""></script>`;
    const out = scriptsAfterPaint(Buffer.from(`<html><head>${thirdParty}${SCRIPTS}</head><body></body></html>`)).toString();
    expect(out.startsWith(`<html><head>${thirdParty}<script nonce="${NONCE}">`)).toBe(true);
  });

  it("the cached page's CSP allows the loader by its hash", async () => {
    const body = scriptsAfterPaint(nextPage());
    const prepared = await prepare({
      status: 200, body, tags: [], scripts: [], styles: [],
      headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": `default-src 'self'; script-src 'self' 'nonce-${NONCE}'` },
    });
    const csp = (prepared.headers as [string, string][]).find(([name]) => name === "content-security-policy")![1];
    const hash = `'sha256-${createHash("sha256").update(loaderOf(body.toString("utf8")).code).digest("base64")}'`;
    expect(csp).toContain(hash);
    expect(csp).not.toContain("nonce-");
  });
});
