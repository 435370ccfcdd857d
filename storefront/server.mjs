/**
 * The storefront's process entry: Next's production server behind a plain node:http server, so the
 * forwarding headers can be set from the socket before Next sees the request (Next itself passes a
 * client-sent X-Forwarded-For on to the api unchanged; see src/security/forwarded.mjs).
 *
 *   node server.mjs [-p PORT] [-H HOST]      (defaults: PORT env or 3000, HOST env or 0.0.0.0)
 *   STOREFRONT_TRUSTED_HOPS=N                load balancers in front whose X-Forwarded-* are kept
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { replaceForwardedHeaders, trustedHops } from "./src/security/forwarded.mjs";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

function argument(flag, fallback) {
  const at = process.argv.indexOf(flag);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const port = Number(argument("-p", process.env.PORT ?? "3000"));
const hostname = argument("-H", process.env.HOST ?? "0.0.0.0");
const hops = trustedHops(process.env.STOREFRONT_TRUSTED_HOPS);

const app = next({ dev: false, dir: path.dirname(fileURLToPath(import.meta.url)), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((request, response) => {
  replaceForwardedHeaders(request.headers, request.socket.remoteAddress, "encrypted" in request.socket, hops);
  void handle(request, response);
});
server.listen(port, hostname, () => console.log(`storefront listening on http://${hostname}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
