import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file in an embedded database's folder naming the process that has it open. */
export const LOCK_FILE = "api.pid";

/** The embedded database's folder is open in another live process. */
export class DataDirInUse extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`the embedded database in ${dataDir} is open in process ${pid}: stop that process first `
      + `(more than one process needs a PostgreSQL server, DATABASE_URL). If no such process is yours, delete ${path.join(dataDir, LOCK_FILE)}.`);
  }
}

/** The process id a claim file names, or null when it names none (empty, damaged, gone). */
function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Folders this process holds (a file naming this process is otherwise one left by an earlier process with the same id, as in a container). */
const heldHere = new Set<string>();

/**
 * Claims the embedded database's folder for this process, or throws DataDirInUse. PGlite serves one
 * process: a second one opening the same files (an api started while the last one still stops, the
 * seed or outbox command beside a running api) corrupts them. The claim is a file holding this
 * process's id, made exclusively; one left by a process that is gone (killed, crashed) is taken over.
 * Returns the release, which deletes the file if it is still this process's.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirInUse(dataDir, process.pid);
  const claim = () => writeFileSync(file, String(process.pid), { flag: "wx" });
  try {
    claim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = holderOf(file);
    if (holder !== null && holder !== process.pid && alive(holder)) throw new DataDirInUse(dataDir, holder);
    // left by a process that is gone, or unreadable: taken over (a process claiming it meanwhile
    // makes this second claim fail)
    rmSync(file, { force: true });
    claim();
  }
  heldHere.add(file);
  const release = () => {
    process.off("exit", release);
    heldHere.delete(file);
    if (holderOf(file) === process.pid) rmSync(file, { force: true });
  };
  // a process that ends without closing the database (process.exit) still lets go of its folder
  process.on("exit", release);
  return release;
}
