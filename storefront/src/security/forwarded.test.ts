import { describe, expect, it } from "vitest";
import { replaceForwardedHeaders, trustedHops } from "./forwarded.mjs";

describe("forwarding headers", () => {
  it("with nothing trusted in front, the client's claims are replaced by the socket's address and protocol", () => {
    const headers = replaceForwardedHeaders({
      "x-forwarded-for": "1.2.3.4, 5.6.7.8",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example",
      "x-forwarded-port": "443",
      "x-real-ip": "9.9.9.9",
      forwarded: "for=9.9.9.9",
      accept: "text/html",
    }, "203.0.113.7", false, 0);
    expect(headers).toEqual({ "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "http", accept: "text/html" });
  });

  it("keeps the last N entries a trusted load balancer added, then the socket's address", () => {
    const headers = replaceForwardedHeaders({ "x-forwarded-for": "6.6.6.6, 198.51.100.2", "x-forwarded-proto": "http, https" }, "10.0.0.5", false, 1);
    expect(headers["x-forwarded-for"]).toBe("198.51.100.2, 10.0.0.5");
    expect(headers["x-forwarded-proto"]).toBe("https");
    const none = replaceForwardedHeaders({}, "10.0.0.5", true, 2);
    expect(none).toEqual({ "x-forwarded-for": "10.0.0.5", "x-forwarded-proto": "https" });
  });

  it("reads STOREFRONT_TRUSTED_HOPS as a small whole number, 0 otherwise", () => {
    expect([undefined, "", "0", "-1", "1.5", "abc"].map(trustedHops)).toEqual([0, 0, 0, 0, 0, 0]);
    expect([trustedHops("1"), trustedHops("3"), trustedHops("99")]).toEqual([1, 3, 10]);
  });
});
