import { readFileSync } from "node:fs";
import path from "node:path";
import { validateEditorContent } from "@store/contract";

export const CMS_CHECK_USAGE = "usage: npm run cms:check -- <file.html> [more files…]";

export interface CheckResult {
  /** what to print: one line per issue, `file:line:column  message`, then a summary */
  output: string;
  /** 0 every file is valid, 1 some file has issues, 2 bad usage or an unreadable file */
  code: 0 | 1 | 2;
}

/**
 * `npm run cms:check` for an editor's file: the same validation (spec 000 §5) the storefront logs
 * to the console and the api applies when content is written or seeded.
 */
export function checkFiles(files: readonly string[], cwd: string): CheckResult {
  if (files.length === 0 || files.some((f) => f.startsWith("-"))) return { output: `${CMS_CHECK_USAGE}\n`, code: 2 };
  const lines: string[] = [];
  let problems = 0;
  for (const file of files) {
    let html: string;
    try {
      html = readFileSync(path.resolve(cwd, file), "utf8");
    } catch (error) {
      return { output: `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})\n${CMS_CHECK_USAGE}\n`, code: 2 };
    }
    const issues = validateEditorContent(html);
    problems += issues.length;
    for (const issue of issues) lines.push(`${file}:${issue.line}:${issue.column}  ${issue.message}`);
    if (issues.length === 0) lines.push(`${file}: no problems found`);
  }
  lines.push(problems === 0 ? "CMS content is valid." : `${problems} problem${problems === 1 ? "" : "s"} found.`);
  return { output: `${lines.join("\n")}\n`, code: problems === 0 ? 0 : 1 };
}
