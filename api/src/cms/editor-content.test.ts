import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EDITOR_TAG_NAMES } from "@store/contract";
import { schema } from "../db/client";
import { sanitizeEditorHtml } from "../lib/sanitize";
import { useTestApp } from "../test/app";
import { CMS_PAGES, STATIC_BLOCKS } from "../seed/content-data";
import { CMS_CHECK_USAGE, checkFiles } from "./check";
import { InvalidContentError, assertValidContent, findContentProblems } from "./content-check";

const t = useTestApp();

describe("editor HTML keeps the editor tags (sanitised on write and on read)", () => {
  it("keeps every editor tag with its own attributes, and drops other attributes and unsafe URLs", () => {
    const html = '<avb-tabs data-label="Plans" onclick="x()" style="position:fixed"><avb-tab data-title="One" data-evil="1">1</avb-tab></avb-tabs>'
      + '<avb-link href="javascript:alert(1)">x</avb-link><avb-picture src="/a.png" alt="A" width="400" height="big"></avb-picture>';
    expect(sanitizeEditorHtml(html)).toBe('<avb-tabs data-label="Plans"><avb-tab data-title="One">1</avb-tab></avb-tabs>'
      + '<avb-link>x</avb-link><avb-picture src="/a.png" alt="A" width="400"></avb-picture>');
    for (const tag of EDITOR_TAG_NAMES) expect(sanitizeEditorHtml(`<${tag}>x</${tag}>`)).toBe(`<${tag}>x</${tag}>`);
    expect(sanitizeEditorHtml('<avb-map data-lat="1" data-lng="2" onload="x()"></avb-map><avb-script>1</avb-script>')).toBe('<avb-map data-lat="1" data-lng="2"></avb-map>1');
  });
});

describe("content is checked when it is written", () => {
  it("refuses a block or page that breaks the §5 rules with every reason, and writes nothing", async () => {
    const cms = t.app.services.cms;
    const bad = '<div>\n<a href="/contact" onclick="track()">Contact</a>\n<avb-promotions></avb-promotions>';
    const error = await cms.saveBlock({ identifier: "promo-bad", content: bad }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidContentError);
    expect((error as Error).message).toBe([
      "CMS content refused:",
      "block promo-bad, line 1, column 1: Opening and closing tag counts differ for <div>: 1 opening, 0 closing.",
      'block promo-bad, line 2, column 1: Plain anchor <a href="/contact">: use the product\'s link element <avb-link href="…"> instead of <a>.',
      'block promo-bad, line 2, column 1: onclick on link <a href="/contact">: use the product\'s button element <avb-button> for actions.',
      "block promo-bad, line 3, column 1: avb-promotions: Missing 'data-type' key on element.",
    ].join("\n"));
    expect(await t.db.select().from(schema.cmsBlocks).where(eq(schema.cmsBlocks.identifier, "promo-bad"))).toEqual([]);
    await expect(cms.savePage({ identifier: "nested", title: "Nested", content: '<avb-link href="/a"><avb-link href="/b">b</avb-link></avb-link>' }))
      .rejects.toThrow("page nested, line 1, column 21: Nested link:");
    expect(await t.db.select().from(schema.cmsPages).where(eq(schema.cmsPages.identifier, "nested"))).toEqual([]);
  });

  it("writes valid content, and serves it with its tags", async () => {
    const cms = t.app.services.cms;
    await cms.savePage({ identifier: "tabs-page", title: "Tabs", content: '<avb-tabs><avb-tab data-title="A"><p>a</p></avb-tab></avb-tabs>' });
    await cms.savePage({ identifier: "tabs-page", title: "Tabs", content: '<avb-tabs><avb-tab data-title="B"><p>b</p></avb-tab></avb-tabs>' });
    const page = (await t.app.inject("/api/rest/pages/tabs-page")).json();
    expect(page.content).toBe('<avb-tabs><avb-tab data-title="B"><p>b</p></avb-tab></avb-tabs>');
    await cms.saveBlock({ identifier: "phone-line", content: '<p>Call <avb-site-info data-key="phone"></avb-site-info></p>' });
    expect((await t.app.inject("/api/rest/blocks/phone-line")).json().content).toBe('<p>Call <avb-site-info data-key="phone"></avb-site-info></p>');
    // sanitised on write: what is stored is what may be shown
    await cms.saveBlock({ identifier: "styled", content: '<p style="position:fixed" data-x="1">Hi <script>x()</script></p>' });
    const [stored] = await t.db.select().from(schema.cmsBlocks).where(eq(schema.cmsBlocks.identifier, "styled"));
    expect(stored!.content).toBe("<p>Hi </p>");
    // structured data blocks hold JSON, not editor HTML
    expect(() => assertValidContent([{ kind: "block", identifier: "seo-home-sd", content: '{"a":"<div>"}' }])).not.toThrow();
  });
});

describe("the demo store's content", () => {
  const items = [
    ...STATIC_BLOCKS.map((b) => ({ kind: "block" as const, identifier: b.identifier, content: b.content })),
    ...CMS_PAGES.map((p) => ({ kind: "page" as const, identifier: p.identifier, content: p.content })),
  ];
  const page = (id: string) => CMS_PAGES.find((p) => p.identifier === id)!.content;
  const tagsIn = (html: string) => new Set([...html.matchAll(/<(avb-[a-z-]+)/g)].map((m) => m[1]));

  it("passes the check it is seeded through", () => {
    expect(findContentProblems(items)).toEqual([]);
  });

  it("uses every editor tag on the showroom page, which the footer links to", () => {
    expect([...tagsIn(page("kitchen-showroom"))].sort()).toEqual([...EDITOR_TAG_NAMES].sort());
    expect(STATIC_BLOCKS.find((b) => b.identifier === "footer")!.content).toContain('<avb-link href="/kitchen-showroom">Kitchen Showroom</avb-link>');
  });

  it("uses the tags where a retailer would", () => {
    const home = page("home");
    expect(home).toContain('data-special="promotion/major-appliance-event"'); // deals
    expect(home).toContain('data-sort="top_rated"'); // best sellers
    expect(tagsIn(home)).toEqual(new Set(["avb-link", "avb-product-carousel", "avb-promotions", "avb-brands"]));
    expect(tagsIn(page("financing"))).toEqual(expect.objectContaining({}));
    for (const tag of ["avb-tabs", "avb-accordion", "avb-button"]) expect(tagsIn(page("financing")).has(tag)).toBe(true);
    for (const tag of ["avb-gallery", "avb-map"]) expect(tagsIn(page("about-us")).has(tag)).toBe(true);
    for (const tag of ["avb-store-info", "avb-map", "avb-form"]) expect(tagsIn(page("contact")).has(tag)).toBe(true);
    expect(page("contact")).toContain('<avb-form data-form="contact"');
    expect(page("request-quote")).toContain('<avb-form data-form="request-quote"');
    expect(CMS_PAGES.find((p) => p.identifier === "request-quote")!.contentHeading).toBe("Request More Info");
  });
});

describe("npm run cms:check", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "cms-check-"));
  writeFileSync(path.join(dir, "good.html"), '<p>See <avb-link href="/financing">financing</avb-link>.</p>\n');
  writeFileSync(path.join(dir, "bad.html"), '<section>\n  <p><a href="/x">x</a></p>\n');

  it("prints each problem as file:line:column and a summary, exiting 1; a clean file exits 0", () => {
    expect(checkFiles(["good.html"], dir)).toEqual({ output: "good.html: no problems found\nCMS content is valid.\n", code: 0 });
    expect(checkFiles(["good.html", "bad.html"], dir)).toEqual({
      output: [
        "good.html: no problems found",
        "bad.html:1:1  Opening and closing tag counts differ for <section>: 1 opening, 0 closing.",
        'bad.html:2:6  Plain anchor <a href="/x">: use the product\'s link element <avb-link href="…"> instead of <a>.',
        "2 problems found.",
        "",
      ].join("\n"),
      code: 1,
    });
  });

  it("explains its usage (exit 2) without a file, or with one it cannot read", () => {
    expect(checkFiles([], dir)).toEqual({ output: `${CMS_CHECK_USAGE}\n`, code: 2 });
    expect(checkFiles(["missing.html"], dir).code).toBe(2);
  });

  it("runs as the npm script of the repository", async () => {
    const run = promisify(execFile);
    const root = new URL("../../..", import.meta.url).pathname;
    const failure = await run("npm", ["run", "--silent", "cms:check", "--", path.join(dir, "bad.html")], { cwd: root })
      .catch((error: { code: number; stdout: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stdout: string }).stdout).toContain(`${path.join(dir, "bad.html")}:2:6  Plain anchor`);
    const ok = await run("npm", ["run", "--silent", "cms:check", "--", path.join(dir, "good.html")], { cwd: root });
    expect(ok.stdout).toContain("CMS content is valid.");
  }, 30_000);
});
