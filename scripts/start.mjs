// `npm start`: build what changed, start the api (embedded database by default) and the storefront.
import path from "node:path";
import { buildIfNeeded, root, storefrontEntry, storefrontNodeFlags, startProcess, stopProcess, waitFor } from "./lib.mjs";

const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 4000);
const apiUrl = `http://127.0.0.1:${apiPort}`;

await buildIfNeeded();

// The demo's card payments go to the sandbox card gateway (api/src/payments/README.md), unless a
// real gateway is configured or PAYMENTS_SANDBOX=0.
const sandboxPort = Number(process.env.SANDBOX_CARD_GATEWAY_PORT ?? 4010);
const useSandbox = !process.env.CARD_GATEWAY_URL && process.env.PAYMENTS_SANDBOX !== "0";
const sandbox = useSandbox
  ? startProcess("sandbox", process.execPath, ["--enable-source-maps", path.join(root, "api", "dist", "sandbox.js")], {
    API_PORT: String(apiPort),
    SANDBOX_CARD_GATEWAY_PORT: String(sandboxPort),
  })
  : undefined;

const api = startProcess("api", process.execPath, ["--enable-source-maps", path.join(root, "api", "dist", "main.js")], {
  API_PORT: String(apiPort),
  NODE_ENV: "production",
  ...(useSandbox ? { CARD_GATEWAY_URL: `http://127.0.0.1:${sandboxPort}/xml/v1/request.api` } : {}),
});
const children = [api, ...(sandbox ? [sandbox] : [])];
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.error("\nstopping…");
  // storefront first, then the api so the embedded database is flushed and closed cleanly
  await Promise.all(children.slice(1).map((c) => stopProcess(c)));
  await stopProcess(api);
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));
api.on("exit", (code) => { if (!stopping) { console.error(`api stopped (exit ${code})`); void stopAll(1); } });

try {
  await waitFor(`${apiUrl}/health`, { child: api, timeoutMs: 15 * 60_000 });
} catch (error) {
  console.error(String(error.message ?? error));
  await stopAll(1);
}

const storefront = startProcess("storefront", process.execPath, [...storefrontNodeFlags, storefrontEntry, "-p", String(port), "-H", process.env.HOST ?? "0.0.0.0"], {
  API_URL: apiUrl,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
}, { cwd: path.join(root, "storefront") });
children.push(storefront);
storefront.on("exit", (code) => { if (!stopping) { console.error(`storefront stopped (exit ${code})`); void stopAll(1); } });
await waitFor(`http://127.0.0.1:${port}/`, { child: storefront });
console.error(`\nThe store is open: http://localhost:${port}/  (api: ${apiUrl}/api/rest/docs) — Ctrl-C stops both.`);
