import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface DemoAccount {
  email: string;
  password: string;
}

/**
 * The demo shopper's sign-in beside the embedded database it belongs to, readable by its owner
 * only, so later starts can show it again. A PostgreSQL server's demo store shows it once, when
 * seeded.
 */
const fileIn = (dataDir: string) => path.join(dataDir, "demo-account.json");

export function saveDemoAccount(dataDir: string, account: DemoAccount): void {
  writeFileSync(fileIn(dataDir), `${JSON.stringify(account)}\n`, { mode: 0o600 });
}

export function readDemoAccount(dataDir: string): DemoAccount | null {
  try {
    const parsed = JSON.parse(readFileSync(fileIn(dataDir), "utf8")) as Partial<DemoAccount>;
    return typeof parsed.email === "string" && typeof parsed.password === "string" ? { email: parsed.email, password: parsed.password } : null;
  } catch {
    return null;
  }
}

/** A store emptied for a new seed has no demo account until that seed writes one. */
export function forgetDemoAccount(dataDir: string): void {
  if (existsSync(fileIn(dataDir))) rmSync(fileIn(dataDir));
}

export const demoAccountLine = (account: DemoAccount) => `demo account: ${account.email} / ${account.password}`;
