-- One AFTER UPDATE trigger on products instead of four (0002/0022 catalogue version and stock log,
-- 0023 change feed, 0024 product detail version, 0021/0026 page versions): an order's stock update
-- fired all four, each reading the statement's old and new rows again. The rows are now compared
-- once, and the catalogue version, the stock log, the change feed's `p:<id>` and the page versions
-- move as before.
--
-- The product detail version no longer moves for a products update. It made every api process drop
-- every kept product answer, so while orders were placed (each one a stock update) product answers
-- were built again on nearly every request. The change feed's `p:<id>` (or `d:products` for a bulk
-- update) now names the products that changed, and the product service drops only the answers built
-- from them (product/service.ts). Links, assets, bundles and banners still move the version.
CREATE OR REPLACE FUNCTION "products_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed integer[];
	counted integer[];
	repriced integer[];
	reaching integer[];
	listed boolean;
	arrived boolean;
	k text;
BEGIN
	SELECT array_agg(n."entity_id") FILTER (WHERE o."entity_id" IS NULL OR (n.*) IS DISTINCT FROM (o.*)),
		array_agg(n."entity_id") FILTER (WHERE o."entity_id" IS NULL OR n."qty" IS DISTINCT FROM o."qty"),
		array_agg(n."entity_id") FILTER (WHERE o."entity_id" IS NULL OR (n."price", n."special_price", n."special_from_date", n."special_to_date", n."msrp", n."poa", n."display_add_to_cart", n."final_price")
			IS DISTINCT FROM (o."price", o."special_price", o."special_from_date", o."special_to_date", o."msrp", o."poa", o."display_add_to_cart", o."final_price")),
		array_agg(n."entity_id") FILTER (WHERE o."entity_id" IS NOT NULL AND ((n."qty" > 0) IS DISTINCT FROM (o."qty" > 0) OR jsonb_populate_record(n, jsonb_build_object('qty', o."qty")) IS DISTINCT FROM o)),
		coalesce(bool_or(o."entity_id" IS NULL OR (n."sku", n."url_key", n."type_id", n."name", n."model_number", n."brand_id", n."visibility", n."status", n."parent_id", n."outlet_of", n."condition", n."image_url", n."reviews_count", n."reviews_rating", n."position", n."extra", n."search_text", n."created_at")
			IS DISTINCT FROM (o."sku", o."url_key", o."type_id", o."name", o."model_number", o."brand_id", o."visibility", o."status", o."parent_id", o."outlet_of", o."condition", o."image_url", o."reviews_count", o."reviews_rating", o."position", o."extra", o."search_text", o."created_at")), false),
		coalesce(bool_or(o."entity_id" IS NULL), false)
		INTO changed, counted, repriced, reaching, listed, arrived
		FROM "new_rows" n LEFT JOIN "old_rows" o ON o."entity_id" = n."entity_id";
	IF changed IS NULL THEN RETURN NULL; END IF;

	-- listings (0022): a listed column rebuilds the catalogue model; prices and counts are patched
	IF listed OR cardinality(repriced) > 2000 THEN
		PERFORM "catalog_version_touch"();
	ELSIF repriced IS NOT NULL THEN
		INSERT INTO "stock_changes" ("product_id", "kind") SELECT unnest(repriced), 'price';
	END IF;
	IF counted IS NOT NULL THEN
		INSERT INTO "stock_changes" ("product_id") SELECT unnest(counted);
	END IF;

	-- what is held per product (0023: cart lines, product answers) and the pages (0026): a new id or
	-- a bulk update says everything
	IF arrived OR cardinality(changed) > 200 THEN
		PERFORM pg_notify('store_changes', 'd:products');
		PERFORM pg_notify('store_changes', 'v:catalog');
		RETURN NULL;
	END IF;
	PERFORM pg_notify('store_changes', 'p:' || c."product_id") FROM unnest(changed) AS c("product_id");
	IF reaching IS NULL THEN
		-- only counts moved: the pages that show them, none that link, bundle or list the products
		PERFORM pg_notify('store_changes', 'v:p' || shown."product_id") FROM (
			SELECT unnest(changed) AS "product_id"
			UNION SELECT n."parent_id" FROM "new_rows" n WHERE n."entity_id" = ANY(changed) AND n."parent_id" IS NOT NULL
			UNION SELECT n."outlet_of" FROM "new_rows" n WHERE n."entity_id" = ANY(changed) AND n."outlet_of" IS NOT NULL
		) AS shown;
		RETURN NULL;
	END IF;
	FOR k IN
		WITH shown AS (
			SELECT unnest(changed) AS id
			UNION SELECT n."parent_id" FROM "new_rows" n WHERE n."entity_id" = ANY(changed) AND n."parent_id" IS NOT NULL
			UNION SELECT n."outlet_of" FROM "new_rows" n WHERE n."entity_id" = ANY(changed) AND n."outlet_of" IS NOT NULL
		), listed AS (
			SELECT unnest(reaching) AS id
			UNION SELECT n."parent_id" FROM "new_rows" n WHERE n."entity_id" = ANY(reaching) AND n."parent_id" IS NOT NULL
			UNION SELECT n."outlet_of" FROM "new_rows" n WHERE n."entity_id" = ANY(reaching) AND n."outlet_of" IS NOT NULL
		)
		SELECT 'p' || id FROM shown
		UNION SELECT 'p' || l."product_id" FROM "product_links" l WHERE l."linked_product_id" = ANY(reaching)
		UNION SELECT 'p' || bo."bundle_id" FROM "bundle_selections" bs JOIN "bundle_options" bo ON bo."option_id" = bs."option_id" WHERE bs."product_id" = ANY(reaching)
		UNION SELECT 'c' || unnest(string_to_array(c."path", '/')) FROM "product_categories" pc JOIN "categories" c ON c."entity_id" = pc."category_id"
			WHERE pc."product_id" IN (SELECT id FROM listed)
	LOOP
		PERFORM pg_notify('store_changes', 'v:' || k);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_catalog_version_update" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_cart_data_update" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_detail_version" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_page_versions_update" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_updated" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_updated"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "catalog_version_bump_products"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "changes_cart_products"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "product_detail_version_bump_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "page_versions_products"();
