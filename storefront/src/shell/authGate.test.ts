import { describe, expect, it } from "vitest";
import { gateFromRequest, gateInBrowser } from "./authGate";

const HOST = "https://kiosk.example.com/app";
const OWN = "https://shop.example.com";

describe("app auth gate (spec 000 §4)", () => {
  it("is open outside kiosk/iframe mode", () => {
    expect(gateFromRequest({ iframeUrl: "", dest: "document", referer: null, ownOrigin: OWN, rsc: false })).toBe("open");
    expect(gateInBrowser({ iframeUrl: "", embedded: false, parentOrigin: null, referrer: "", ownOrigin: OWN })).toBe("open");
  });

  it("on the server: a page loaded on its own is unauthorised; in a frame, only from the allowed site (or the store itself)", () => {
    expect(gateFromRequest({ iframeUrl: HOST, dest: "document", referer: null, ownOrigin: OWN, rsc: false })).toBe("unauthorised");
    expect(gateFromRequest({ iframeUrl: HOST, dest: "iframe", referer: "https://kiosk.example.com/", ownOrigin: OWN, rsc: false })).toBe("authorised");
    expect(gateFromRequest({ iframeUrl: HOST, dest: "iframe", referer: `${OWN}/catalog`, ownOrigin: OWN, rsc: false })).toBe("authorised");
    expect(gateFromRequest({ iframeUrl: HOST, dest: "iframe", referer: "https://evil.example.net/", ownOrigin: OWN, rsc: false })).toBe("unauthorised");
    expect(gateFromRequest({ iframeUrl: HOST, dest: "iframe", referer: null, ownOrigin: OWN, rsc: false })).toBe("unauthorised");
  });

  it("leaves client navigations and browsers without Sec-Fetch-Dest to the browser check", () => {
    expect(gateFromRequest({ iframeUrl: HOST, dest: "empty", referer: null, ownOrigin: OWN, rsc: true })).toBe("unknown");
    expect(gateFromRequest({ iframeUrl: HOST, dest: null, referer: null, ownOrigin: OWN, rsc: false })).toBe("unknown");
  });

  it("in the browser: not embedded, or embedded by another site, is unauthorised", () => {
    expect(gateInBrowser({ iframeUrl: HOST, embedded: false, parentOrigin: null, referrer: "", ownOrigin: OWN })).toBe("unauthorised");
    expect(gateInBrowser({ iframeUrl: HOST, embedded: true, parentOrigin: "https://kiosk.example.com", referrer: "", ownOrigin: OWN })).toBe("authorised");
    expect(gateInBrowser({ iframeUrl: HOST, embedded: true, parentOrigin: "https://evil.example.net", referrer: `${OWN}/`, ownOrigin: OWN })).toBe("unauthorised");
    expect(gateInBrowser({ iframeUrl: HOST, embedded: true, parentOrigin: null, referrer: "https://kiosk.example.com/x", ownOrigin: OWN })).toBe("authorised");
    expect(gateInBrowser({ iframeUrl: HOST, embedded: true, parentOrigin: null, referrer: "", ownOrigin: OWN })).toBe("unknown");
  });
});
