import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM module run after next build, without types
import { addCompileHints, startupChunks } from "./compile-hints.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build's output as Next 16 writes it: root main files, a route's client reference manifest, and one chunk only loaded on demand. */
function build(): string {
  const next = mkdtempSync(path.join(tmpdir(), "hints-"));
  dirs.push(next);
  const chunks = path.join(next, "static", "chunks");
  mkdirSync(chunks, { recursive: true });
  const source = (name: string) => `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(["${name}",1,(e)=>{e.v=function(){return "${name}"}}]);\n`;
  for (const name of ["main-a.js", "react-b.js", "layout-c.js", "page-d.js", "panel-e.js"]) writeFileSync(path.join(chunks, name), source(name));
  writeFileSync(path.join(chunks, "a.css"), "a{color:red}");
  writeFileSync(path.join(next, "build-manifest.json"), JSON.stringify({
    polyfillFiles: ["static/chunks/polyfills.js"], rootMainFiles: ["static/chunks/main-a.js", "static/chunks/react-b.js"],
  }));
  const route = path.join(next, "server", "app", "catalog", "[urlKey]");
  mkdirSync(route, { recursive: true });
  const manifest = { entryCSSFiles: { "[project]/app/layout": [{ path: "static/chunks/a.css" }] }, entryJSFiles: {
    "[project]/app/layout": ["static/chunks/layout-c.js"], "[project]/app/catalog/[urlKey]/page": ["static/chunks/layout-c.js", "static/chunks/page-d.js"],
  } };
  writeFileSync(path.join(route, "page_client-reference-manifest.js"),
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/catalog/[urlKey]/page"] = ${JSON.stringify(manifest)};\n`);
  return next;
}

const read = (next: string, name: string) => readFileSync(path.join(next, "static", "chunks", name), "utf8");

describe("compile hints on startup chunks", () => {
  it("finds the root main files and every route's entry chunks, not a chunk loaded on demand nor a stylesheet", () => {
    expect(startupChunks(build())).toEqual(["static/chunks/layout-c.js", "static/chunks/main-a.js", "static/chunks/page-d.js", "static/chunks/react-b.js"]);
  });

  it("puts V8's magic comment on the first line of each, once, and leaves the code as it ran", () => {
    const next = build();
    const before = read(next, "page-d.js");
    expect(addCompileHints(next).hinted).toBe(4);
    for (const name of ["main-a.js", "react-b.js", "layout-c.js", "page-d.js"]) expect(read(next, name).split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(read(next, "page-d.js")).toBe(`//# allFunctionsCalledOnLoad\n${before}`);
    expect(read(next, "panel-e.js")).not.toContain("allFunctionsCalledOnLoad");
    // a second run (a build step repeated) adds nothing
    expect(addCompileHints(next).hinted).toBe(0);
    expect(read(next, "main-a.js").match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
    // still a script that does what it did
    const context: { TURBOPACK?: unknown[][] } = {};
    vm.runInNewContext(read(next, "page-d.js"), { globalThis: context });
    const [[name, , factory]] = context.TURBOPACK as [[string, number, (e: { v?: () => string }) => void]];
    const exports: { v?: () => string } = {};
    factory(exports);
    expect([name, exports.v?.()]).toEqual(["page-d.js", "page-d.js"]);
  });

  it("refuses a build whose manifests name a chunk that is not there", () => {
    const next = build();
    rmSync(path.join(next, "static", "chunks", "page-d.js"));
    expect(() => addCompileHints(next)).toThrow("compile hints: static/chunks/page-d.js is in the build's manifests but not on disk");
  });
});
