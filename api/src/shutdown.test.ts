import { connect } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { startApi } from "./orders/crash-harness";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function api(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shutdown-"));
  dirs.push(dataDir);
  const started = await startApi({ DATA_DIR: dataDir, DATABASE_URL: "", SEED_PRODUCTS: "20", ...env });
  children.push(started.child);
  let stderr = "";
  started.child.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString(); });
  // how long after the first signal the process ended
  let signalledAt = 0;
  const exited = new Promise<{ code: number | null; afterMs: number }>((resolve) => {
    started.child.once("exit", (code) => resolve({ code, afterMs: Date.now() - signalledAt }));
  });
  const signal = (name: NodeJS.Signals) => {
    signalledAt ||= Date.now();
    started.child.kill(name);
  };
  return { ...started, exited, signal, stderr: () => stderr };
}

/** A request whose body never finishes arriving: the api's close waits for it. */
async function requestLeftOpen(base: string) {
  const url = new URL(`${base}/cart/items`);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(`POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"product_id":`);
  return socket;
}

describe("the api stopping on a signal", () => {
  it("closes cleanly when nothing holds it (exit 0)", async () => {
    const { exited, signal, stderr } = await api();
    signal("SIGTERM");
    const { code } = await exited;
    expect(code).toBe(0);
    expect(stderr()).toContain("[api] SIGTERM: closing");
  }, 60_000);

  it("stops anyway once SHUTDOWN_TIMEOUT_SECONDS have passed, when a request never ends (exit 1)", async () => {
    const { base, exited, signal, stderr } = await api({ SHUTDOWN_TIMEOUT_SECONDS: "2" });
    const socket = await requestLeftOpen(base);
    try {
      signal("SIGTERM");
      const { code, afterMs } = await exited;
      expect(code).toBe(1);
      expect(afterMs).toBeGreaterThanOrEqual(1_900);
      expect(afterMs).toBeLessThan(10_000);
      expect(stderr()).toContain("[api] still closing after 2 s: stopping now, without closing");
    } finally {
      socket.destroy();
    }
  }, 60_000);

  it("stops at once on a second signal while closing (exit 1)", async () => {
    const { base, exited, signal, stderr } = await api({ SHUTDOWN_TIMEOUT_SECONDS: "60" });
    const socket = await requestLeftOpen(base);
    try {
      signal("SIGTERM");
      await expect.poll(() => stderr()).toContain("[api] SIGTERM: closing");
      signal("SIGINT");
      const { code, afterMs } = await exited;
      expect(code).toBe(1);
      expect(afterMs).toBeLessThan(10_000);
      expect(stderr()).toContain("[api] SIGINT again: stopping now, without closing");
    } finally {
      socket.destroy();
    }
  }, 60_000);
});
