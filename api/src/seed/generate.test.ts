import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";
import { parseMediaPath } from "../media/service";
import { createTestDatabase } from "../test/database";
import { parseArgs, parseSeedConfig } from "./cli-args";
import { isDatabaseEmpty, seedDemoStore, type SeedSummary } from "./generate";
import { verifyPassword } from "../customer/password";

/** Pins the promotion windows too, so two runs are comparable to the byte. */
const NOW = new Date("2026-11-20T15:30:00.000Z");
const OPTIONS = { products: 60, seed: 7, now: NOW, config: { catalog_endless_page_scroll: true }, demoPassword: "a-test-demo-password" } as const;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : result.rows ?? [];
}

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rows<T>(db, query);
  return row;
}

async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rows<{ tablename: string }>(db, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const out: Record<string, number> = {};
  for (const { tablename } of tables) {
    const { n } = await one<{ n: string | number }>(db, sql.raw(`SELECT count(*) AS n FROM "${tablename}"`));
    out[tablename] = Number(n);
  }
  return out;
}

describe("seedDemoStore", () => {
  let first: Database;
  let second: Database;
  let summary: SeedSummary;
  let secondSummary: SeedSummary;
  let emptyBefore = false;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    emptyBefore = await isDatabaseEmpty(first.db);
    summary = await seedDemoStore(first.db, OPTIONS);
    secondSummary = await seedDemoStore(second.db, OPTIONS);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it("reports an empty database before and a seeded one after", async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(first.db)).toBe(false);
  });

  it("takes statistics of the tables it filled and of none it left empty (sessions, carts and orders start without)", async () => {
    const counts = await tableCounts(second.db);
    const stats = await rows<{ name: string; tuples: number }>(second.db, sql`SELECT relname AS name, reltuples::float8 AS tuples FROM pg_class
      WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`);
    for (const name of ["sessions", "carts", "cart_items", "orders"]) expect(counts[name], name).toBe(0);
    expect(stats.length).toBe(Object.keys(counts).length);
    for (const { name, tuples } of stats) {
      // analysed: reltuples ≥ 0; never analysed: -1
      if (counts[name]! > 0) expect(Number(tuples), name).toBeGreaterThan(0);
      else expect(Number(tuples), name).toBe(-1);
    }
  });

  it("refuses to seed a store that already has data", async () => {
    await expect(seedDemoStore(first.db, OPTIONS)).rejects.toThrow(/already has data/);
  });

  it("is deterministic: same options, same rows", async () => {
    expect(secondSummary.counts).toEqual(summary.counts);
    expect(await tableCounts(second.db)).toEqual(await tableCounts(first.db));
    const firstProduct = sql`SELECT * FROM products ORDER BY entity_id LIMIT 1`;
    const lastProduct = sql`SELECT * FROM products ORDER BY entity_id DESC LIMIT 1`;
    expect(await one(second.db, firstProduct)).toEqual(await one(first.db, firstProduct));
    expect(await one(second.db, lastProduct)).toEqual(await one(first.db, lastProduct));
    // whole tables, not just their ends
    for (const table of ["products", "reviews", "inventory", "product_links", "product_attribute_values", "categories", "customers"]) {
      const digest = sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM "${table}" t`);
      expect(await one(second.db, digest), table).toEqual(await one(first.db, digest));
    }
  });

  it("writes the counts it reports", async () => {
    const counts = await tableCounts(first.db);
    for (const [table, n] of Object.entries(summary.counts)) expect(counts[table], table).toBe(n);
    const { n } = await one<{ n: string }>(first.db, sql`SELECT count(*) AS n FROM products WHERE visibility = 4 AND parent_id IS NULL AND outlet_of IS NULL`);
    expect(Number(n)).toBeGreaterThanOrEqual(OPTIONS.products);
  });

  it("gives every visible product a category, including its ancestors", async () => {
    const orphans = await one<{ n: string }>(first.db, sql`
      SELECT count(*) AS n FROM products p WHERE p.visibility IN (2, 3, 4) AND NOT EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.entity_id)`);
    expect(Number(orphans.n)).toBe(0);
    // a product in a leaf is also in every category on the leaf's path (default category included)
    const missingAncestors = await one<{ n: string }>(first.db, sql`
      SELECT count(*) AS n FROM product_categories pc
      JOIN categories c ON c.entity_id = pc.category_id
      CROSS JOIN LATERAL unnest(string_to_array(c.path, '/')::int[]) AS a(id)
      WHERE a.id <> 1 AND NOT EXISTS (SELECT 1 FROM product_categories x WHERE x.product_id = pc.product_id AND x.category_id = a.id)`);
    expect(Number(missingAncestors.n)).toBe(0);
  });

  it("keeps final_price equal to the effective price", async () => {
    const wrong = await rows<{ sku: string }>(first.db, sql`
      SELECT sku FROM products WHERE final_price <> CASE
        WHEN special_price IS NOT NULL AND (special_from_date IS NULL OR special_from_date <= ${NOW.toISOString()}::timestamptz)
          AND (special_to_date IS NULL OR special_to_date >= ${NOW.toISOString()}::timestamptz) THEN special_price
        ELSE price END`);
    expect(wrong).toEqual([]);
    const specials = await one<{ active: string; inactive: string; below: string }>(first.db, sql`
      SELECT count(*) FILTER (WHERE final_price = special_price) AS active,
             count(*) FILTER (WHERE special_price IS NOT NULL AND final_price = price) AS inactive,
             count(*) FILTER (WHERE special_price >= price) AS below
      FROM products`);
    expect(Number(specials.active)).toBeGreaterThan(0);
    expect(Number(specials.below)).toBe(0);
  });

  it("keeps reviews_count and reviews_rating in step with the reviews table", async () => {
    const mismatched = await rows<{ sku: string }>(first.db, sql`
      SELECT p.sku FROM products p LEFT JOIN (
        SELECT product_id, count(*) AS n, avg(rating)::float8 AS avg FROM reviews GROUP BY product_id
      ) r ON r.product_id = p.entity_id
      WHERE p.reviews_count <> coalesce(r.n, 0) OR abs(p.reviews_rating - coalesce(r.avg, 0)) > 0.006`);
    expect(mismatched).toEqual([]);
    const { n } = await one<{ n: string }>(first.db, sql`SELECT count(*) AS n FROM reviews WHERE rating NOT BETWEEN 1 AND 5`);
    expect(Number(n)).toBe(0);
  });

  it("counts past successful searches into search_terms, once per lower-cased query", async () => {
    const mismatched = await rows<{ query: string }>(first.db, sql`
      SELECT coalesce(t.query, q.query) AS query FROM search_terms t
      FULL JOIN (SELECT lower(query) AS query, count(*)::int AS n FROM search_queries WHERE result_size > 0 GROUP BY 1) q ON q.query = t.query
      WHERE t.count IS DISTINCT FROM q.n`);
    expect(mismatched).toEqual([]);
    const { n } = await one<{ n: string }>(first.db, sql`SELECT count(*) AS n FROM search_terms`);
    expect(Number(n)).toBeGreaterThan(5);
  });

  it("builds configurable products from hidden simple children", async () => {
    const badChildren = await rows(first.db, sql`
      SELECT c.sku FROM products c LEFT JOIN products p ON p.entity_id = c.parent_id
      WHERE c.parent_id IS NOT NULL AND (c.visibility <> 1 OR c.type_id <> 'simple' OR p.type_id IS DISTINCT FROM 'configurable')`);
    expect(badChildren).toEqual([]);
    const parents = await rows<{ entity_id: number; children: string; supers: string; default_id: string | null; in_children: boolean }>(first.db, sql`
      SELECT p.entity_id,
        (SELECT count(*) FROM products c WHERE c.parent_id = p.entity_id) AS children,
        (SELECT count(*) FROM product_super_attributes s WHERE s.product_id = p.entity_id) AS supers,
        p.extra->>'configurable_default_simple_id' AS default_id,
        EXISTS (SELECT 1 FROM products c WHERE c.parent_id = p.entity_id AND c.entity_id = (p.extra->>'configurable_default_simple_id')::int) AS in_children
      FROM products p WHERE p.type_id = 'configurable'`);
    expect(parents.length).toBeGreaterThan(0);
    for (const parent of parents) {
      expect(Number(parent.children)).toBeGreaterThanOrEqual(2);
      expect(Number(parent.supers)).toBe(1);
      expect(parent.in_children).toBe(true);
    }
  });

  it("links open-box items and bundles to real products", async () => {
    const outlets = await rows<{ ok: boolean }>(first.db, sql`
      SELECT (o.visibility = 1 AND o.condition = 'open_box' AND n.condition = 'new' AND n.visibility = 4 AND o.final_price < n.final_price) AS ok
      FROM products o JOIN products n ON n.entity_id = o.outlet_of`);
    expect(outlets.every((o) => o.ok)).toBe(true);
    const bundleSelections = await one<{ n: string }>(first.db, sql`
      SELECT count(*) AS n FROM bundle_selections s JOIN products p ON p.entity_id = s.product_id WHERE p.type_id <> 'simple'`);
    expect(Number(bundleSelections.n)).toBe(0);
    const preSelected = await one<{ n: string }>(first.db, sql`SELECT count(*) AS n FROM product_links WHERE link_type = 'crosssell' AND pre_selected_add_on`);
    expect(Number(preSelected.n)).toBeGreaterThan(0);
  });

  it("builds the category tree under the default category", async () => {
    const root = await one<{ entity_id: number; parent_id: number; url_key: string; path: string; level: number }>(
      first.db, sql`SELECT entity_id, parent_id, url_key, path, level FROM categories WHERE entity_id = 2`);
    expect(root).toMatchObject({ entity_id: 2, parent_id: 1, url_key: "default-category", path: "1/2", level: 1 });
    const levels = await rows<{ level: number }>(first.db, sql`SELECT DISTINCT level FROM categories WHERE path LIKE '1/2/%' ORDER BY level`);
    expect(levels.map((l) => l.level)).toEqual([2, 3, 4]);
    const badPaths = await rows(first.db, sql`
      SELECT c.entity_id FROM categories c JOIN categories p ON p.entity_id = c.parent_id
      WHERE c.path <> p.path || '/' || c.entity_id OR c.level <> p.level + 1`);
    expect(badPaths).toEqual([]);
    const landing = await one<{ n: string }>(first.db, sql`SELECT count(*) AS n FROM categories WHERE display_mode LIKE '%PAGE%' AND landing ? 'section_order'`);
    expect(Number(landing.n)).toBeGreaterThan(0);
    const hidden = await one<{ n: string }>(first.db, sql`SELECT count(*) AS n FROM categories WHERE level >= 2 AND include_in_menu = '0'`);
    expect(Number(hidden.n)).toBeGreaterThan(0);
  });

  it("writes the content the shell needs", async () => {
    const page = await one<{ content: string; structured_data: string }>(first.db, sql`SELECT content, structured_data FROM cms_pages WHERE identifier = 'home'`);
    expect(page.content).toContain('href="/catalog/');
    expect(JSON.parse(page.structured_data)).toBeTruthy();
    const blocks = await rows<{ identifier: string }>(first.db, sql`SELECT identifier FROM cms_blocks ORDER BY identifier`);
    expect(blocks.map((b) => b.identifier)).toEqual(expect.arrayContaining(["footer", "header-before", "header-after-global-promotions", "seo-home-sd", "appliances-hero"]));
    const config = await one<{ config: Record<string, unknown> }>(first.db, sql`SELECT config FROM store_configs WHERE store_code = 'default'`);
    expect(config.config).toMatchObject({ currency_code: "USD", locale: "en_US", grid_product_limit: 24, logo_src: "/media/logo.svg" });
    // the settings asked for are laid over the demo store's
    expect(config.config.catalog_endless_page_scroll).toBe(true);
  });

  it("points every image at a path the media renderer serves", async () => {
    const urls = await rows<{ url: string }>(first.db, sql`
      SELECT image_url AS url FROM products UNION SELECT url FROM product_assets WHERE asset_type IN ('image', 'image360')
      UNION SELECT logo_url FROM brands UNION SELECT image_url FROM categories WHERE image_url <> '' UNION SELECT image_url FROM blog_posts`);
    expect(urls.length).toBeGreaterThan(0);
    for (const { url } of urls) expect(parseMediaPath(url.replace(/^\/media\//, "")), url).not.toBeNull();
  });

  it("creates the demo customer with the password it was given, and reports it", async () => {
    const customer = await one<{ password_hash: string }>(first.db, sql`SELECT password_hash FROM customers WHERE email = 'demo@example.com'`);
    expect(customer.password_hash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await verifyPassword("a-test-demo-password", customer.password_hash)).toBe(true);
    expect(await verifyPassword("Demo-Password-2026", customer.password_hash)).toBe(false); // the password once published
    expect(summary.demoAccount).toEqual({ email: "demo@example.com", password: "a-test-demo-password" });
  });
});

describe("the demo account", () => {
  it("gets a fresh random password per seeded store when none is given", async () => {
    const databases = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      const [a, b] = await Promise.all(databases.map((d) => seedDemoStore(d.db, { products: 0, now: NOW })));
      expect(a!.demoAccount.password).toMatch(/^demo-[\w-]{16}$/);
      expect(b!.demoAccount.password).not.toBe(a!.demoAccount.password);
      const hash = await one<{ password_hash: string }>(databases[0]!.db, sql`SELECT password_hash FROM customers WHERE email = 'demo@example.com'`);
      expect(await verifyPassword(a!.demoAccount.password, hash.password_hash)).toBe(true);
      expect(await verifyPassword("Demo-Password-2026", hash.password_hash)).toBe(false);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  }, 120_000);

  it("does not exist in a migrated database that was not seeded", async () => {
    const database = await createTestDatabase();
    try {
      expect(await rows(database.db, sql`SELECT email FROM customers`)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe("seed command-line arguments", () => {
  it("accepts products, seed and reset", () => {
    expect(parseArgs(["--products", "250", "--seed", "9", "--reset"])).toEqual({ products: 250, seed: 9, reset: true });
    expect(parseArgs(["--products=10"])).toMatchObject({ products: 10, reset: false });
  });

  it("rejects bad product counts and unknown flags", () => {
    for (const bad of [["--products", "0"], ["--products", "-5"], ["--products", "1.5"], ["--products", "1000001"], ["--products", "ten"], ["--products"]]) {
      expect(() => parseArgs(bad), bad.join(" ")).toThrow(/--products/);
    }
    expect(() => parseArgs(["--frobnicate"])).toThrow(/unknown argument/);
  });

  it("reads SEED_CONFIG as a JSON object of store settings; anything else is refused", () => {
    expect(parseSeedConfig(undefined)).toBeUndefined();
    expect(parseSeedConfig("")).toBeUndefined();
    expect(parseSeedConfig('{"catalog_endless_page_scroll":true}')).toEqual({ catalog_endless_page_scroll: true });
    for (const bad of ["{not json", "[1]", "null", "3", '"text"']) expect(() => parseSeedConfig(bad), bad).toThrow(/SEED_CONFIG must be a JSON object/);
  });
});
