import { afterEach, describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { markupOnce } from "./html";
import StaticMarkup from "./StaticMarkup";

const HOOK = Symbol.for("storefront.page-cache");
const hooks = globalThis as Record<symbol, unknown>;

/** A server render (StaticMarkup's link clicks need a router to navigate with; none is made here). */
const render = (node: ReactNode) => renderToStaticMarkup(<AppRouterContext.Provider value={{} as AppRouterInstance}>{node}</AppRouterContext.Provider>);

afterEach(() => {
  delete hooks[HOOK];
});

describe("markup a document carries once", () => {
  const html = '<a href="/catalog/ranges">Ranges &amp; Hoods</a>';

  it("is its own text outside a document's render (a client navigation's payload carries it)", () => {
    expect(markupOnce(html)).toBe(html);
    expect(render(<StaticMarkup className="links" html={markupOnce(html)} />)).toBe(`<div class="links">${html}</div>`);
  });

  it("in a document's render is kept for the HTML pass, which writes it where the payload names it", () => {
    // what server.mjs keeps per document
    const kept = new Map<string, string>();
    hooks[HOOK] = {
      keepMarkup: (text: string) => { const ref = `r${kept.size}`; kept.set(ref, text); return ref; },
      keptMarkup: (ref: string) => kept.get(ref),
    };
    const markup = markupOnce(html);
    expect(markup).toEqual({ ref: "r0" });
    expect(JSON.stringify(markup)).not.toContain("Ranges");
    expect(render(<StaticMarkup className="links" html={markup} />)).toBe(`<div class="links" data-markup="r0">${html}</div>`);
  });
});
