import { describe, expect, it } from "vitest";
import type { Category, MenuItem } from "@store/contract";
import { buildCategoryTree, buildMenuItemTree, categoryAncestors, menuItemPath, menuLinks } from "./menu";

const cat = (entity_id: string, parent_id: string, position: string, include_in_menu = "1"): Category => ({
  entity_id, parent_id, position, include_in_menu, url_key: `c-${entity_id}`, name: `Cat ${entity_id}`, level: 2, icon_url: "",
});

describe("category menu tree (spec 000 §5)", () => {
  const categories = [
    cat("2", "1", "0"),
    cat("10", "2", "10"),
    cat("11", "2", "9"),
    cat("12", "2", "1", "0"),
    cat("20", "10", "2"),
    cat("21", "10", "1"),
    cat("30", "21", "1"),
    cat("31", "12", "1"),
  ];

  it("starts under root '2', keeps include_in_menu '1' only, sorts by numeric position", () => {
    const tree = buildCategoryTree(categories);
    expect(tree.map((n) => n.id)).toEqual(["11", "10"]); // 9 before 10 numerically; 12 hidden
    expect(tree[1]!.children.map((n) => n.id)).toEqual(["21", "20"]);
    expect(tree[1]!.children[0]!.children.map((n) => n.id)).toEqual(["30"]);
    expect(tree[1]!.path).toBe("/catalog/c-10");
    expect(tree[1]!.layout).toBe("column");
    expect(tree[0]!.layout).toBe("box");
  });

  it("leaves out children of hidden categories and limits depth on request", () => {
    const ids = JSON.stringify(buildCategoryTree(categories));
    expect(ids).not.toContain('"31"');
    expect(buildCategoryTree(categories, "2", 1).every((n) => n.children.length === 0)).toBe(true);
  });

  it("requires an array", () => {
    expect(buildCategoryTree(null)).toEqual([]);
    expect(buildCategoryTree({ length: 1 })).toEqual([]);
    expect(categoryAncestors("nope", "30")).toEqual([]);
  });

  it("walks the parent chain up to root '2'", () => {
    expect(categoryAncestors(categories, "30").map((c) => c.entity_id)).toEqual(["21", "10"]);
    expect(categoryAncestors(categories, "10")).toEqual([]);
  });

  it("survives a cycle in bad data", () => {
    expect(categoryAncestors([cat("5", "6", "1"), cat("6", "5", "1")], "5").length).toBeLessThanOrEqual(50);
    expect(buildCategoryTree([cat("5", "2", "1"), cat("6", "5", "1"), cat("5", "6", "1")]).length).toBe(1);
  });
});

describe("menu items", () => {
  const item = (node_id: string, parent_node_id: string | null, position: string, extra: Partial<MenuItem> = {}): MenuItem => ({
    node_id, parent_node_id, position, label: `Item ${node_id}`, request_url: `item-${node_id}`, href_override: "", target: "_self",
    icon_url: "", top_menu_visibility: "1", placement: "main", ...extra,
  });

  it("builds a tree by position and hides items switched off", () => {
    const tree = buildMenuItemTree([item("1", null, "2"), item("2", null, "1"), item("3", "1", "1"), item("4", null, "0", { top_menu_visibility: "0" })]);
    expect(tree.map((n) => n.id)).toEqual(["2", "1"]);
    expect(tree[1]!.children.map((n) => n.id)).toEqual(["3"]);
    expect(tree[0]!.path).toBe("/item-2");
  });

  it("prefers href_override and keeps external links external", () => {
    expect(menuItemPath({ request_url: "deals", href_override: "" })).toBe("/deals");
    expect(menuItemPath({ request_url: "deals", href_override: "https://example.com/x" })).toBe("https://example.com/x");
    const [external] = buildMenuItemTree([item("9", null, "1", { href_override: "https://example.com" })]);
    expect(external!.isRoute).toBe(false);
  });
});

describe("menu links sent to the browser", () => {
  const item = (node_id: string, parent_node_id: string | null, extra: Partial<MenuItem> = {}): MenuItem => ({
    node_id, parent_node_id, position: node_id, label: `Item ${node_id}`, request_url: `item-${node_id}`, href_override: "", target: "_self",
    icon_url: "", top_menu_visibility: "1", placement: "main", ...extra,
  });

  it("keep each entry's name, link, target and columns, and leave defaults out", () => {
    const tree = buildMenuItemTree([
      item("1", null), item("2", "1"), item("3", "2"), item("4", null, { href_override: "https://example.com", target: "_blank" }),
      item("5", null, { request_url: "", href_override: "" }),
    ]);
    expect(menuLinks(tree)).toEqual([
      { n: "Item 1", p: "/item-1", col: 1, c: [{ n: "Item 2", p: "/item-2", c: [{ n: "Item 3", p: "/item-3" }] }] },
      { n: "Item 4", p: "https://example.com", t: "_blank" },
      { n: "Item 5" },
    ]);
  });
});
