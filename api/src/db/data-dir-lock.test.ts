import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "data-dir-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Another live process (it only waits), and how to end it and wait until it is gone. */
function otherProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { pid: child.pid!, stop: async () => { child.kill("SIGKILL"); await gone; } };
}

describe("the embedded database's folder, one process at a time", () => {
  it("is refused while another live process holds it, with what to do; taken over once that process is gone", async () => {
    const dataDir = newDir();
    const other = otherProcess();
    try {
      writeFileSync(path.join(dataDir, "api.pid"), String(other.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `the embedded database in ${dataDir} is open in process ${other.pid}: stop that process first `
        + `(more than one process needs a PostgreSQL server, DATABASE_URL). If no such process is yours, delete ${path.join(dataDir, "api.pid")}.`);
      // nothing was opened: PGlite wrote no files beside the lock
      expect(existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
      expect(readFileSync(path.join(dataDir, "api.pid"), "utf8")).toBe(String(other.pid));
    } finally {
      await other.stop();
    }
    // killed without letting go (as by SIGKILL): its claim is left behind and taken over
    const database = await openDatabase({ dataDir });
    try {
      expect(readFileSync(path.join(dataDir, "api.pid"), "utf8")).toBe(String(process.pid));
      expect((await database.db.execute("select 1 as one") as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
    // closed: the claim is gone, and the folder opens again
    expect(existsSync(path.join(dataDir, "api.pid"))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it("is refused to a second opener in the same process while the first has it open", async () => {
    const dataDir = newDir();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(`is open in process ${process.pid}`);
      expect((await first.db.execute("select 2 as two") as unknown as { rows: unknown[] }).rows).toEqual([{ two: 2 }]);
    } finally {
      await first.close();
    }
  });

  it("takes over a claim that is not a process id (an empty or damaged file)", async () => {
    const dataDir = newDir();
    writeFileSync(path.join(dataDir, "api.pid"), "not a pid\n");
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(existsSync(path.join(dataDir, "api.pid"))).toBe(false);
  });
});
