import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { SubmitButton } from "./SubmitButton";

const SRC = fileURLToPath(new URL("..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [full] : [];
  });
}

describe("a script-handled form's submit button", () => {
  it("is disabled in the server's HTML, so a submit before hydration never reaches the browser", () => {
    const html = renderToStaticMarkup(<SubmitButton className="button" aria-disabled={false}>Reset My Password</SubmitButton>);
    expect(html).toBe('<button class="button" aria-disabled="false" type="submit" disabled="">Reset My Password</button>');
  });

  it("is the one every form without a native fallback uses (a form with onSubmit and no action)", () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const file of sources(SRC)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
        const [, attributes, body] = match;
        if (!/\bonSubmit=/.test(attributes!) || /\baction=/.test(attributes!)) continue;
        checked++;
        const fallbackFree = body!.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
        if (/<button\b[^>]*type="submit"/.test(fallbackFree) || /<input\b[^>]*type="submit"/.test(fallbackFree)) {
          offenders.push(path.relative(SRC, file));
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
    expect(offenders).toEqual([]);
  });
});
