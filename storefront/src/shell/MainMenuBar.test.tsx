import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import MainMenuBar from "./MainMenuBar";
import type { MenuLink } from "./menu";
import { menuBarHtml } from "./menuHtml";

const drawn = (node: React.ReactNode) => renderToStaticMarkup(
  <AppRouterContext.Provider value={{} as AppRouterInstance}>{node}</AppRouterContext.Provider>,
);

/** the list's markup with each panel's id (React's useId, or the written one) as its position */
function list(html: string): string {
  const inner = /<ul class="[^"]*">([\s\S]*)<\/ul><\/nav>$/.exec(html)?.[1] ?? html;
  const ids = [...new Set([...inner.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]))];
  return ids.reduce((text, id, i) => text.replaceAll(`"${id}"`, `"panel-${i}"`), inner);
}

const links: MenuLink[] = [
  { n: "Deals", p: "/deals" },
  { n: "Kitchen & Dining", p: "/catalog/kitchen", col: 1, c: [{ n: "Ranges", p: "/catalog/ranges", c: [{ n: "Gas <Pro>", p: "/catalog/gas" }] }] },
  { n: "Outlet", c: [{ n: "Open box", p: "https://example.com/open-box", t: "_blank" }] },
];

describe("the main menu bar written as markup", () => {
  it("is the bar MenuEntry draws: the same entries, sub-menu buttons and panels, nothing open", () => {
    const written = menuBarHtml(links, "Main");
    expect(list(written)).toBe(list(drawn(<MainMenuBar nodes={links} label="Main" />)));
    expect(written).toContain('aria-expanded="false" aria-controls="main-menu-panel-1"><span class="visually-hidden">Show Kitchen &amp; Dining sub-menu</span>');
    expect(written).toContain('<div id="main-menu-panel-1" class=');
    expect(written).toContain("Gas &lt;Pro&gt;");
    expect(written.match(/data-has-children/g)).toHaveLength(2);
  });

  it("is kept as written in one list element of the navigation", () => {
    const written = menuBarHtml(links, "Secondary");
    const html = drawn(<MainMenuBar label="Secondary" bar={written} />);
    expect(html).toMatch(/^<nav class="[^"]*" aria-label="Secondary" id="main-menu"><ul class="[^"]*">/);
    expect(list(html)).toBe(list(written));
    expect(written).toContain('aria-controls="secondary-menu-panel-2"');
  });
});
