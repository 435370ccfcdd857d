import { describe, expect, it } from "vitest";
import { z } from "zod";
import { promoBanner } from "@store/contract";
import { useTestApp } from "../test/app";
import { insertProductFixtures } from "../product/test-fixtures";

const t = useTestApp(insertProductFixtures);

const banners = async (url: string) => {
  const response = await t.app.inject(`/api/rest/promobanners/${url}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toMatch(/^public/);
  return z.array(promoBanner).parse(response.json());
};
const ids = (list: Array<{ banner_id: string }>) => list.map((b) => b.banner_id);

describe("GET /promobanners/bannertype/{type}", () => {
  it("answers the banners running now, soonest ending first (those without an end last)", async () => {
    expect(ids(await banners("bannertype/home"))).toEqual(["1", "6", "2", "3"]);
  });

  it("honours limit and the other orders", async () => {
    expect(ids(await banners("bannertype/home?limit=2"))).toEqual(["1", "6"]);
    expect(ids(await banners("bannertype/home?order=position"))).toEqual(["3", "6", "2", "1"]);
    expect(ids(await banners("bannertype/home?order=banner_id&limit=3"))).toEqual(["1", "2", "3"]);
  });

  it("narrows by category (id or url key), manufacturer and display mode", async () => {
    expect(ids(await banners("bannertype/home?category=10"))).toEqual(["6"]);
    expect(ids(await banners("bannertype/home?category=appliances"))).toEqual(["6"]);
    expect(ids(await banners("bannertype/home?category=no-such-category"))).toEqual([]);
    expect(ids(await banners("bannertype/home?manufacturer=FROSTLINE"))).toEqual(["6"]);
    expect(ids(await banners("bannertype/home?displaymode=grid&manufacturer=Kessler"))).toEqual([]);
    expect(ids(await banners("bannertype/nothing-of-this-type"))).toEqual([]);
    // a brand by name or url key
    expect(ids(await banners("bannertype/manufacturer?manufacturer=ShieldCare"))).toEqual(["9"]);
    expect(ids(await banners("bannertype/manufacturer?manufacturer=kessler&limit=1"))).toEqual(["10"]);
  });

  it("sanitises the content and keeps css inside its style element", async () => {
    const [first] = await banners("bannertype/home?limit=1");
    expect(first).toMatchObject({ banner_id: "1", banner_type: "home", types: ["custom"], position: 5 });
    expect(first!.content).toBe("<p>Ends soon</p>");
    expect(first!.css).not.toContain("<");
    expect(Date.parse(first!.end_date!)).toBeGreaterThan(Date.now());
  });

  it("answers 400 in the error shape for a bad limit or order", async () => {
    for (const query of ["limit=0", "limit=101", "limit=x", "order=random", "manufacturer=a%00b", "category=%00"]) {
      const response = await t.app.inject(`/api/rest/promobanners/bannertype/home?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.error[0].message).toEqual(expect.any(String));
    }
  });
});

describe("GET /promobanners/{bannerId}", () => {
  it("answers the banner as a list of one, and an empty list when it is unknown or not running", async () => {
    const [two] = await banners("2");
    expect(two).toMatchObject({ banner_id: "2", types: ["link_tile"], content: '<a href="/sale">Sale</a>' });
    expect(await banners("4")).toEqual([]);
    expect(await banners("5")).toEqual([]);
    expect(await banners("999")).toEqual([]);
    const bad = await t.app.inject("/api/rest/promobanners/abc");
    expect(bad.statusCode).toBe(400);
  });
});
