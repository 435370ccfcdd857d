import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Shopper, useTestApp } from "../test/app";
import { insertProductFixtures } from "../product/test-fixtures";

/**
 * Issue 7 items 3 and 4: input PostgreSQL cannot hold, prototype keys, and errors raised outside
 * our handlers all answer a 4xx in {"messages":{"error":[{"message":"…"}]}}, never a 500.
 */

const t = useTestApp(insertProductFixtures);

const NUL_IN_ADDRESS = "The address contains a character that is not allowed (a NUL or a broken UTF-16 character).";
const NUL_IN_QUERY = "The query string contains a character that is not allowed (a NUL or a broken UTF-16 character).";
const NUL_IN_BODY = "The request body contains a character that is not allowed (a NUL or a broken UTF-16 character).";

function expectError(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json();
  expect(Object.keys(body)).toEqual(["messages"]);
  expect(body.messages.error).toHaveLength(1);
  if (message === undefined) expect(body.messages.error[0].message).toEqual(expect.any(String));
  else expect(body).toEqual({ messages: { error: [{ message }] } });
}

async function shopper() {
  const s = new Shopper(t.app);
  await s.startSession();
  return s;
}

describe("NUL and lone surrogates never reach PostgreSQL", () => {
  it("refuses a NUL in a block or page identifier (path)", async () => {
    for (const url of ["/api/rest/blocks/home%00", "/api/rest/blocks/%00", "/api/rest/pages/a%00b", "/api/rest/pages/%00"]) {
      expectError(await t.app.inject(url), 400, NUL_IN_ADDRESS);
    }
  });

  it("refuses a NUL in a query string value", async () => {
    expectError(await t.app.inject("/api/rest/categories/refrigerators?order=na%00me"), 400, NUL_IN_QUERY);
    expectError(await t.app.inject("/api/rest/locations?zip=9%0000"), 400, NUL_IN_QUERY);
    expectError(await t.app.inject("/api/rest/blog?url_key=a%00"), 400, NUL_IN_QUERY);
  });

  it("refuses a NUL in the sign-in login and in the search log query (body)", async () => {
    const s = await shopper();
    expectError(await s.send("POST", "/api/rest/customers/self/session", { login: "alice\u0000@example.com", password: "x" }), 400, NUL_IN_BODY);
    expectError(await s.send("PUT", "/api/rest/elasticsearch/log/query", { query: "fri\u0000dge", result_size: 3 }), 400, NUL_IN_BODY);
  });

  it("refuses a lone surrogate in cart address fields, and keeps a whole pair", async () => {
    const s = await shopper();
    for (const change of [{ city: "Sp\uD800ringfield" }, { firstname: "\uDC00Ann" }, { street: ["1 Main St", "Apt \uD83D"] }]) {
      expectError(await s.send("PUT", "/api/rest/cart/shipping_address", change), 400, NUL_IN_BODY);
      expectError(await s.send("PUT", "/api/rest/cart/billing_address", change), 400, NUL_IN_BODY);
    }
    const ok = await s.send("PUT", "/api/rest/cart/shipping_address", { city: "Smiley \uD83D\uDE00 Town" });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses a NUL or lone surrogate in a JSON key", async () => {
    const s = await shopper();
    const response = await t.app.inject({
      method: "PUT", url: "/api/rest/cart/shipping_address", headers: { cookie: s.cookie, "x-csrf-token": s.csrf, "content-type": "application/json" },
      payload: "{\"ci\\u0000ty\":\"x\"}",
    });
    expectError(response, 400, "The request body has a name with a character that is not allowed (a NUL or a broken UTF-16 character).");
  });
});

describe("prototype keys", () => {
  const PROTOTYPE_ORDERS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

  it("answers an unknown sort order on every catalogue listing as a 400, never 500", async () => {
    const listings = [
      "/api/rest/categories/refrigerators",
      "/api/rest/dynamic-category/color/white",
      "/api/rest/dynamic-category/brandsource_point_of_sale_marketing/1/products",
      "/api/rest/search/fridge",
    ];
    for (const listing of listings) {
      for (const order of PROTOTYPE_ORDERS) {
        const response = await t.app.inject(`${listing}?order=${order}`);
        if (listing.includes("brandsource_point_of_sale_marketing")) {
          expect(response.statusCode, `${listing} ${order}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectError(response, response.statusCode);
          continue;
        }
        expectError(response, 400);
        expect(response.json().messages.error[0].message).toMatch(new RegExp(`^Unknown sort order '${order.toLowerCase()}'\\. Use one of: position, `));
      }
    }
  });

  it("answers a prototype key as promotions and reviews order with a 400", async () => {
    for (const order of PROTOTYPE_ORDERS) {
      expectError(await t.app.inject(`/api/rest/promobanners/bannertype/home?order=${order}`), 400);
      expectError(await t.app.inject(`/api/rest/products/120/reviews?order=${order}`), 400);
    }
  });

  it("answers a prototype key as a product embed with a 400", async () => {
    for (const embed of ["constructor", "toString", "__proto__"]) {
      expectError(await t.app.inject(`/api/rest/products/120?embed=${embed}`), 400, `Unknown embed '${embed.toLowerCase()}'. Allowed: images, promotions, crosssells, relateds, upsells, parentbundles, assets, outlets, retailbanner.`);
    }
  });

  it("refuses __proto__ and constructor keys in a JSON body with a 400", async () => {
    const s = await shopper();
    for (const payload of ["{\"__proto__\":{\"city\":\"x\"}}", "{\"constructor\":{\"prototype\":{\"city\":\"x\"}}}", "{\"city\":\"x\",\"a\":{\"__proto__\":{}}}"]) {
      const response = await t.app.inject({
        method: "PUT", url: "/api/rest/cart/shipping_address", headers: { cookie: s.cookie, "x-csrf-token": s.csrf, "content-type": "application/json" }, payload,
      });
      expectError(response, 400, "The request body is not valid JSON, or uses the key __proto__ or constructor.");
    }
  });
});

describe("errors outside our handlers keep the error shape", () => {
  it("answers bad percent-encoding with a 400", async () => {
    for (const url of ["/api/rest/pages/%E0%A4%A", "/api/rest/blocks/%", "/api/rest/search/%zz", "/api/rest/config%"]) {
      expectError(await t.app.inject(url), 400, "The address is not valid: it has a broken percent-encoding.");
    }
  });

  it("answers a path parameter over the length limit with a 414", async () => {
    expectError(await t.app.inject(`/api/rest/search/${"a".repeat(600)}`), 414, "The address is too long.");
  });

  it("answers invalid JSON, a wrong content type and an oversized body in the shape", async () => {
    const s = await shopper();
    const headers = { cookie: s.cookie, "x-csrf-token": s.csrf };
    const url = "/api/rest/cart/shipping_address";
    expectError(await t.app.inject({ method: "PUT", url, headers: { ...headers, "content-type": "application/json" }, payload: "{\"city\":" }), 400, "The request body is not valid JSON, or uses the key __proto__ or constructor.");
    expectError(await t.app.inject({ method: "PUT", url, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, payload: "city=x" }), 415, "This content type is not supported: send application/json.");
    expectError(await t.app.inject({ method: "PUT", url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify({ city: "x".repeat(300 * 1024) }) }), 413, "The request body is too large.");
    expectError(await t.app.inject({ method: "PUT", url, headers: { ...headers, "content-type": "application/json" }, payload: "[".repeat(10_000) + "]".repeat(10_000) }), 400, "The request body is nested too deeply.");
  });

  describe("over a real socket", () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      // useTestApp closes the app; only the listener is ours to stop early
      await new Promise<void>((resolve) => t.app.server.close(() => resolve()));
    });

    /** Sends raw bytes and returns the whole answer the server wrote before closing. */
    function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
      return new Promise((resolve, reject) => {
        const socket = connect(port, "127.0.0.1");
        let data = "";
        socket.on("data", (chunk) => (data += chunk.toString("utf8")));
        socket.on("error", (error) => (data ? undefined : reject(error)));
        socket.on("close", () => {
          const [head = "", body = ""] = data.split("\r\n\r\n");
          resolve({ status: Number(head.split(" ")[1]), headers: head, body });
        });
        socket.write(request);
      });
    }

    it("answers a URL too long for the HTTP parser with a 414 in the error shape", async () => {
      const answer = await raw(`GET /api/rest/config?${"q=1&".repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(answer.status).toBe(414);
      expect(answer.headers).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.body)).toEqual({ messages: { error: [{ message: "The address is too long." }] } });
    });

    it("answers headers too large with a 431 in the error shape", async () => {
      const answer = await raw(`GET /api/rest/config HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`);
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toEqual({ messages: { error: [{ message: "The request headers are too large." }] } });
    });

    it("answers a malformed request with a 400 in the error shape", async () => {
      const answer = await raw("GET /api/rest/config HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ messages: { error: [{ message: "The request is malformed." }] } });
    });
  });
});
