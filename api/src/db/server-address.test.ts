import { describe, expect, it } from "vitest";
import { serverAddress } from "./client";

describe("serverAddress: where DATABASE_URL points, for the start-up log", () => {
  it("names host and port, or the socket folder node-postgres connects through", () => {
    expect(serverAddress("postgres://postgres@127.0.0.1:5432/store")).toBe("127.0.0.1:5432");
    expect(serverAddress("postgres://postgres@/store?host=/var/run/postgresql")).toBe("/var/run/postgresql");
    expect(serverAddress("postgres://u:p@/store?sslmode=disable&host=%2Ftmp%2Fpg")).toBe("/tmp/pg");
    expect(serverAddress("postgres:///store")).toBe("localhost");
    expect(serverAddress("not a url")).toBe("the configured server");
  });
});
