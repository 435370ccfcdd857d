import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM module run after next build, without types
import { makeSentinelsStackless, stacklessSentinels } from "./stackless-sentinels.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// React DOM's module as the production build minifies it: sentinels made at its top (with or without `new`), invariants made where they are thrown
const REACT_DOM = [
  "function u(e){return'Minified React error #'+e+'; visit https://react.dev/errors/'+e}",
  "var r0=Error(u(519));function r1(e){var t=Error(u(418,1<arguments.length&&void 0!==arguments[1]&&arguments[1]?'text':'HTML','',''));throw t}",
  "var lT=Error(u(460)),lz=Error(u(474)),lO=Error(u(542)),lL={then:function(){}};",
  "var oQ=new Error(u(461)),oq=!1;",
  "function thrown(e){try{throw e}catch(x){return x===lT}}",
].join("");

describe("React DOM's sentinel errors made without a stack", () => {
  it("turns the five sentinels into stackless Errors with the same message, and leaves every other Error as it was", () => {
    const { source, replaced } = stacklessSentinels(REACT_DOM);
    expect(replaced).toBe(5);
    expect(source).toContain("var r0=Object.assign(Object.create(Error.prototype),{message:u(519)});");
    expect(source).toContain("var oQ=Object.assign(Object.create(Error.prototype),{message:u(461)}),");
    expect(source).toContain("var t=Error(u(418,");
    expect(source).not.toMatch(/\bError\(u\((460|461|474|519|542)\)\)/);

    const context: Record<string, unknown> = {};
    vm.runInNewContext(`${source};this.out={r0,lT,lz,lO,oQ,same:thrown(lT),other:thrown(lz),E:Error}`, context);
    const out = context.out as Record<string, { message: string; stack?: string }> & { same: boolean; other: boolean; E: ErrorConstructor };
    for (const [name, code] of [["r0", 519], ["lT", 460], ["lz", 474], ["lO", 542], ["oQ", 461]] as const) {
      expect(out[name]).toBeInstanceOf(out.E);
      expect(out[name]!.message).toBe(`Minified React error #${code}; visit https://react.dev/errors/${code}`);
      expect(out[name]!.stack).toBeUndefined();
    }
    // still one object each, recognised by identity once thrown
    expect([out.same, out.other]).toEqual([true, false]);
  });

  it("rewrites only startup chunks, and a second run changes nothing", () => {
    const next = mkdtempSync(path.join(tmpdir(), "sentinels-"));
    dirs.push(next);
    const chunks = path.join(next, "static", "chunks");
    mkdirSync(chunks, { recursive: true });
    writeFileSync(path.join(chunks, "react-b.js"), REACT_DOM);
    writeFileSync(path.join(chunks, "panel-e.js"), REACT_DOM);
    writeFileSync(path.join(next, "build-manifest.json"), JSON.stringify({ rootMainFiles: ["static/chunks/react-b.js"] }));

    expect(makeSentinelsStackless(next)).toEqual({ replaced: 5, files: 1 });
    const rewritten = readFileSync(path.join(chunks, "react-b.js"), "utf8");
    expect(rewritten).not.toBe(REACT_DOM);
    expect(readFileSync(path.join(chunks, "panel-e.js"), "utf8")).toBe(REACT_DOM);
    expect(makeSentinelsStackless(next)).toEqual({ replaced: 0, files: 0 });
    expect(readFileSync(path.join(chunks, "react-b.js"), "utf8")).toBe(rewritten);
  });
});
