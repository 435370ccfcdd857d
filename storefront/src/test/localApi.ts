import http from "node:http";
import type { AddressInfo } from "node:net";
import { vi } from "vitest";

/**
 * A local server standing in for the api at API_URL, for a unit test of a storefront data call:
 * `handler` answers each request. The api client reads API_URL when its module loads, so modules
 * are reset here: import the module under test after this resolves.
 */
export async function startLocalApi(handler: http.RequestListener): Promise<{ close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.resetModules();
  return {
    close: async () => {
      vi.unstubAllEnvs();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
