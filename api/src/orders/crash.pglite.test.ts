import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase } from "../db/client";
import { SHOPPERS, checkInvariants, insertCrashStore, readyShoppers, startApi } from "./crash-harness";

// What the embedded database (PGlite in a data folder, as `npm start` runs it) keeps when the api
// is killed with SIGKILL in the middle of 200 concurrent orders: it must open again, every order
// whole or absent, stock = start − what the standing orders hold. Measured, see README "Orders".

const dataDir = mkdtempSync(path.join(tmpdir(), "crash-pglite-"));
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the api killed (SIGKILL) in the middle of 200 concurrent orders on the embedded database", () => {
  it("opens again with every order whole or absent and the stock adding up", async () => {
    const setup = await openDatabase({ dataDir });
    await setup.migrate();
    await insertCrashStore(setup.db);
    await setup.close();

    const api = await startApi({ DATABASE_URL: "", DATA_DIR: dataDir });
    child = api.child;
    const clients = await readyShoppers(api.base);
    let placed = 0;
    const placing = clients.map((c) => c.call("POST", "/cart/place", {}).then((r) => {
      if (r.status === 200) placed++;
      return r.status;
    }, () => "dropped"));
    // kill once 30 orders have been answered, while the rest are in flight
    const deadline = Date.now() + 60_000;
    while (placed < 30) {
      if (Date.now() > deadline) throw new Error(`only ${placed} orders answered`);
      await new Promise((r) => setTimeout(r, 2));
    }
    child.kill("SIGKILL");
    const outcomes = await Promise.all(placing);
    await new Promise<void>((resolve) => (child!.exitCode !== null || child!.signalCode !== null ? resolve() : child!.once("exit", () => resolve())));
    const answered = outcomes.filter((o) => o === 200).length;
    expect(outcomes.filter((o) => o === "dropped").length, "some requests were cut off by the kill").toBeGreaterThan(0);

    const reopened = await openDatabase({ dataDir });
    try {
      const orders = await checkInvariants(reopened.db);
      // every order the api answered was committed before it answered: none is lost
      expect(orders.filter((o) => o.status !== "pending_payment").length).toBeGreaterThanOrEqual(answered);
      expect(orders.length).toBeLessThanOrEqual(SHOPPERS);
      const app = await buildApp({ db: reopened.db });
      try {
        await app.services.orders.recover(0);
      } finally {
        await app.close();
      }
      const recovered = await checkInvariants(reopened.db);
      expect(recovered.filter((o) => o.status === "pending_payment")).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
