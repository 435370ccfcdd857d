import { describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { markupRef } from "./html";
import StaticMarkup from "./StaticMarkup";
import { documentRender } from "@/test/documentRender";

/** A server render (StaticMarkup's link clicks need a router to navigate with; none is made here). */
const render = (node: ReactNode) => renderToStaticMarkup(<AppRouterContext.Provider value={{} as AppRouterInstance}>{node}</AppRouterContext.Provider>);

describe("markup a document carries once", () => {
  const html = '<a href="/catalog/ranges">Ranges &amp; Hoods</a>';

  it("is its own text outside a document's render (a client navigation's payload carries it)", () => {
    let written = 0;
    expect(markupRef(() => { written += 1; return html; })).toBeUndefined();
    expect(written).toBe(0); // nothing written for nothing
    expect(render(<StaticMarkup className="links" html={html} />)).toBe(`<div class="links">${html}</div>`);
  });

  it("in a document's render is kept for the HTML pass, which writes it where the payload names it", () => {
    documentRender();
    const markup = markupRef(() => html)!;
    expect(markup).toEqual({ ref: "r0" });
    expect(JSON.stringify(markup)).not.toContain("Ranges");
    expect(render(<StaticMarkup className="links" html={markup} />)).toBe(`<div class="links" data-markup="r0">${html}</div>`);
  });
});
