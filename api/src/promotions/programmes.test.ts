import { describe, expect, it } from "vitest";
import { z } from "zod";
import { productPromotion } from "@store/contract";
import { useTestApp } from "../test/app";
import { insertProductFixtures } from "../product/test-fixtures";

const t = useTestApp(insertProductFixtures);

describe("GET /promotions (the promotions page's rebate cards)", () => {
  it("answers the programmes running now with products, soonest ending first, as rebate cards show them", async () => {
    const response = await t.app.inject({ url: "/api/rest/promotions" });
    expect(response.statusCode).toBe(200);
    const programmes = z.array(productPromotion).parse(response.json());
    // OLD-1 ended a month ago
    expect(programmes.map((p) => p.program_id)).toEqual(["IS-1", "RB-1", "BMSM-1"]);
    expect(programmes[1]).toMatchObject({
      promo_name: "Mail-in Rebate", promo_short_description: "Get $50 back", rebate_form_url: "https://example.com/rebate.pdf",
      brand_logo_urls: ["/media/brand/frostline.png"], manufacturer: "Frostline", kind: "rebate", amount: { amount: 50, formatted: "$50.00" },
    });
    expect(Date.parse(programmes[1]!.start_date)).toBeLessThan(Date.now());
    expect(Date.parse(programmes[1]!.end_date)).toBeGreaterThan(Date.now());
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/rest/openapi.json" })).json();
    expect(Object.keys(doc.paths)).toContain("/api/rest/promotions");
  });
});
