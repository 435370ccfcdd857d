import { describe, expect, it } from "vitest";
import { flagSlots, inkOn, safeColor } from "./flags";

describe("product flag positions", () => {
  it("puts 1 in the corner, 2 to 6 as price flags with placeholders, 7 and 8 as special", () => {
    const slots = flagSlots([
      { position: 1, visible: true, text: "New", color: "#1a4d8f" },
      { position: 3, visible: true, text: "Rebate", color: "#6a1b9a" },
      { position: 6, visible: true, text: "Financing", color: "#37474f" },
      { position: 8, visible: true, text: "Open Box Available", color: "#795548" },
      { position: 4, visible: false, text: "Hidden", color: "#000" },
    ]);
    expect(slots.corner?.text).toBe("New");
    expect(slots.price.map((f) => f?.text ?? null)).toEqual([null, "Rebate", null, null, "Financing"]);
    expect(slots.special.map((f) => f.text)).toEqual(["Open Box Available"]);
  });
  it("keeps colours to plain CSS colour values and picks readable text", () => {
    expect(safeColor("#c62828")).toBe("#c62828");
    expect(safeColor("red;background:url(x)")).toBeUndefined();
    expect(inkOn("#f2a900")).toBe("#111111");
    expect(inkOn("#1a4d8f")).toBe("#ffffff");
  });
});
