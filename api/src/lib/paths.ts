import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** The folder whose package.json declares the workspaces (where ./data lives by default). */
export function repositoryRoot(from = process.cwd()): string {
  let dir = path.resolve(from);
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && "workspaces" in JSON.parse(readFileSync(manifest, "utf8"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from);
    dir = parent;
  }
}
