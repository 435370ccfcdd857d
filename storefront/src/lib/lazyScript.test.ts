import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lazyScriptStatus, loadScript, resetLazyScripts, subscribeLazyScripts } from "./lazyScript";

/** A minimal document: script elements that the test loads or fails by hand (no browser here). */
interface FakeScript { src: string; nonce: string; attrs: Record<string, string>; dataset: Record<string, string>; async: boolean; onload?: () => void; onerror?: () => void; setAttribute(n: string, v: string): void; remove(): void }
let appended: FakeScript[];

beforeEach(() => {
  appended = [];
  resetLazyScripts();
  (globalThis as { document?: unknown }).document = {
    createElement: () => {
      const el: FakeScript = { src: "", nonce: "", attrs: {}, dataset: {}, async: false, setAttribute(n, v) { el.attrs[n] = v; }, remove() { appended = appended.filter((x) => x !== el); } };
      return el;
    },
    head: { appendChild: (el: FakeScript) => appended.push(el) },
    querySelector: () => ({ nonce: "page-nonce" }),
  };
});
afterEach(() => { delete (globalThis as { document?: unknown }).document; });

describe("lazy-loaded script (spec 000 §4: idle, loading, success, failure)", () => {
  it("goes idle → loading → success, with the page's nonce, and loads an address once", async () => {
    const seen: string[] = [];
    const stop = subscribeLazyScripts(() => seen.push(lazyScriptStatus("https://x.example/a.js")));
    expect(lazyScriptStatus("https://x.example/a.js")).toBe("idle");
    const first = loadScript("https://x.example/a.js", { attributes: { "data-a": "1" } });
    const second = loadScript("https://x.example/a.js");
    expect(lazyScriptStatus("https://x.example/a.js")).toBe("loading");
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: "https://x.example/a.js", nonce: "page-nonce", attrs: { "data-a": "1" }, async: true });
    appended[0]!.onload!();
    expect(await first).toBe("success");
    expect(await second).toBe("success");
    expect(await loadScript("https://x.example/a.js")).toBe("success");
    expect(appended).toHaveLength(1);
    expect(seen).toEqual(["loading", "success"]);
    stop();
  });

  it("goes to failure when the script cannot load, removes it, and may be tried again", async () => {
    const load = loadScript("https://x.example/b.js");
    appended[0]!.onerror!();
    expect(await load).toBe("failure");
    expect(lazyScriptStatus("https://x.example/b.js")).toBe("failure");
    expect(appended).toHaveLength(0);
    const retry = loadScript("https://x.example/b.js");
    expect(lazyScriptStatus("https://x.example/b.js")).toBe("loading");
    appended[0]!.onload!();
    expect(await retry).toBe("success");
  });

  it("runs a loaded script again when asked to reload it (force_reload)", async () => {
    const load = loadScript("https://x.example/c.js");
    appended[0]!.onload!();
    await load;
    void loadScript("https://x.example/c.js", { reload: true });
    expect(appended).toHaveLength(2);
    expect(lazyScriptStatus("https://x.example/c.js")).toBe("loading");
  });
});
