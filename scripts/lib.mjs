// Small process helpers shared by start, e2e and bench scripts.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The storefront's process entry (Next's production server; sets the forwarding headers from the socket). */
export const storefrontEntry = path.join(root, "storefront", "server.mjs");
/**
 * Node flags of the storefront process (also in storefront/package.json's start script): a render
 * allocates much that dies young, and a larger young generation collects it less often (7 to 8%
 * less CPU per uncached render, BENCHMARKS.md).
 */
export const storefrontNodeFlags = ["--max-semi-space-size=64"];

/** A script's `--name value` arguments (a flag with no value is "true"). */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.reduce((pairs, arg, i, all) => {
      if (arg.startsWith("--")) pairs.push([arg.slice(2), all[i + 1] && !all[i + 1].startsWith("--") ? all[i + 1] : "true"]);
      return pairs;
    }, []),
  );
}

/** Newest modification time of any file below the given folders (skipping build output). */
export function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (["node_modules", ".next", "dist", "data"].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  dirs.forEach(walk);
  return newest;
}

export const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
    child.on("error", reject);
  });
}

/** A long-running child in its own process group, so stopping it stops its children too. */
export function startProcess(name, command, args, env, { quiet = false, cwd = root } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: quiet ? ["ignore", "ignore", "pipe"] : ["ignore", "inherit", "inherit"],
    detached: true,
  });
  child.name = name;
  if (quiet) {
    let tail = "";
    child.stderr.on("data", (chunk) => { tail = (tail + chunk).slice(-4000); });
    child.stderrTail = () => tail;
  }
  return child;
}

export function stopProcess(child, signal = "SIGTERM") {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try { process.kill(-child.pid, "SIGKILL"); } catch {}
    }, 10_000);
    child.once("exit", () => { clearTimeout(timer); resolve(); });
    try { process.kill(-child.pid, signal); } catch { clearTimeout(timer); resolve(); }
  });
}

export async function waitFor(url, { timeoutMs = 120_000, child } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${child.name} exited with ${child.exitCode} before answering ${url}\n${child.stderrTail?.() ?? ""}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Builds the api bundle and the storefront when their sources are newer than the build. */
export async function buildIfNeeded({ log = console.error } = {}) {
  const apiBuilt = Math.min(mtime(path.join(root, "api", "dist", "main.js")), mtime(path.join(root, "api", "dist", "sandbox.js")));
  if (apiBuilt < newestMtime([path.join(root, "api", "src"), path.join(root, "contract", "src")])) {
    log("building the api…");
    await run("npm", ["run", "build", "-w", "api", "--silent"]);
  }
  const storefrontBuilt = mtime(path.join(root, "storefront", ".next", "BUILD_ID"));
  const storefrontSources = newestMtime([path.join(root, "storefront"), path.join(root, "contract", "src")]);
  if (storefrontBuilt < storefrontSources) {
    log("building the storefront (first start takes a minute)…");
    // the storefront's build script: next build, then its startup chunks' compile hints and stackless sentinels
    await run("npm", ["run", "build", "-w", "storefront", "--silent"]);
  }
}
