/**
 * `npm run bench:sign-in -w api [-- --seconds 10 --concurrency 8 --database postgres://…]`: sign-ins
 * per second through the whole app (session, CSRF, attempt lock, scrypt verify, new session) and
 * how late the event loop ran meanwhile. scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE,
 * default 4), so throughput is bounded by cores while the loop stays free for other requests.
 * A benchmark, not a test.
 */
import { performance, monitorEventLoopDelay } from "node:perf_hooks";
import { scryptSync } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { buildApp } from "../app";
import { openDatabase, schema } from "../db/client";
import { hashPassword } from "./password";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" }, concurrency: { type: "string", default: "8" }, database: { type: "string" } } });
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const PASSWORD = "bench-password-for-sign-in-7";

const database = await openDatabase({ databaseUrl: values.database });
await database.migrate();
await database.db.delete(schema.customers).catch(() => undefined);
// one account per worker, so the per-login attempt lock (a serialising advisory lock) is not what is measured
const hash = await hashPassword(PASSWORD);
await database.db.insert(schema.customers).values(Array.from({ length: concurrency }, (_, i) => ({
  email: `bench${i}@example.com`, firstname: "Bench", lastname: String(i), passwordHash: hash,
})));
const app = await buildApp({ db: database.db, validateResponses: false, rateLimitMax: 1_000_000 });
await app.ready();

let address = 0;
async function signInOnce(worker: number): Promise<number> {
  // a new client address each time: the per-address limit of 10 a minute is not what is measured
  const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;
  const started = performance.now();
  const session = await app.inject({ url: "/api/rest/customers/self/session", remoteAddress });
  const cookie = `sid=${session.cookies.find((c) => c.name === "sid")!.value}`;
  const response = await app.inject({
    method: "POST", url: "/api/rest/customers/self/session", remoteAddress,
    headers: { cookie, "x-csrf-token": session.json().customer_data.csrf_token },
    payload: { login: `bench${worker}@example.com`, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  return performance.now() - started;
}

const loop = monitorEventLoopDelay({ resolution: 5 });
const latencies: number[] = [];
const deadline = performance.now() + seconds * 1000;
loop.enable();
const runStarted = performance.now();
await Promise.all(Array.from({ length: concurrency }, async (_, worker) => {
  while (performance.now() < deadline) latencies.push(await signInOnce(worker));
}));
const elapsed = (performance.now() - runStarted) / 1000;
loop.disable();

latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
const t0 = performance.now();
scryptSync(PASSWORD, "salt-salt-salt-s", 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
const oneHash = performance.now() - t0;
console.log(`${values.database ? "PostgreSQL server" : "embedded PGlite"}, ${os.cpus().length} cores, thread pool ${process.env.UV_THREADPOOL_SIZE ?? 4}, ${concurrency} concurrent`);
console.log(`scrypt N=16384 r=8 p=1: ${oneHash.toFixed(1)} ms per hash on one core`);
console.log(`sign-ins: ${latencies.length} in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(1)}/s; latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
console.log(`event loop delay meanwhile: p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
await app.close();
await database.close();
