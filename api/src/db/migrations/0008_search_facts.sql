-- The listing-columns check compared every new row with its old row through a join of the two
-- transition tables, which the planner, knowing nothing of their sizes, may run as a nested loop:
-- minutes for a bulk update of 10,000 products. A set difference hashes instead.
CREATE OR REPLACE FUNCTION "catalog_version_bump_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- only columns a listing shows (weights, dimensions and other detail-page columns leave listings alone)
	IF EXISTS (
		SELECT "entity_id", "sku", "url_key", "type_id", "name", "model_number", "brand_id", "visibility", "status", "parent_id", "outlet_of", "condition", "price", "special_price", "special_from_date", "special_to_date", "msrp", "poa", "display_add_to_cart", "final_price", "qty", "image_url", "reviews_count", "reviews_rating", "position", "extra", "search_text", "created_at" FROM "new_rows"
		EXCEPT
		SELECT "entity_id", "sku", "url_key", "type_id", "name", "model_number", "brand_id", "visibility", "status", "parent_id", "outlet_of", "condition", "price", "special_price", "special_from_date", "special_to_date", "msrp", "poa", "display_add_to_cart", "final_price", "qty", "image_url", "reviews_count", "reviews_rating", "position", "extra", "search_text", "created_at" FROM "old_rows"
	) THEN
		PERFORM "catalog_version_touch"();
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- What a product is (sku, model number, brand, category and attribute option names) becomes
-- searchable from the relational data itself, kept up to date by the database whoever writes it;
-- search_text keeps only a merchandiser's extra words.
ALTER TABLE "products" ADD COLUMN "search_facts" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(search_text, '') || ' ' || coalesce(search_facts, '')), 'B')) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_vector" ON "products" USING gin ("search_vector");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_search_facts"(pid integer, brand integer, sku text, model text) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT concat_ws(' ', sku, nullif(model, ''),
		(SELECT b."name" FROM "brands" b WHERE b."brand_id" = brand),
		(SELECT string_agg(c."name", ' ' ORDER BY c."level", c."entity_id") FROM "product_categories" pc
			JOIN "categories" c ON c."entity_id" = pc."category_id" WHERE pc."product_id" = pid AND c."level" >= 2),
		(SELECT string_agg(o."label", ' ' ORDER BY o."attribute_id", o."position", o."option_id") FROM "product_attribute_values" v
			JOIN "attribute_options" o ON o."option_id" = v."option_id" WHERE v."product_id" = pid));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_refresh_search_facts"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	UPDATE "products" p SET "search_facts" = "product_search_facts"(p."entity_id", p."brand_id", p."sku", p."model_number")
	WHERE p."entity_id" = ANY(ids);
$$;
--> statement-breakpoint
-- a product's own facts as it is written (its links are written after it and refresh it again)
CREATE OR REPLACE FUNCTION "products_search_facts_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."search_facts" := "product_search_facts"(NEW."entity_id", NEW."brand_id", NEW."sku", NEW."model_number");
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_facts" BEFORE INSERT OR UPDATE OF "sku", "model_number", "brand_id" ON "products"
	FOR EACH ROW EXECUTE FUNCTION "products_search_facts_row"();
--> statement-breakpoint
-- category and attribute links (both tables have product_id): refresh the products they touch
CREATE OR REPLACE FUNCTION "search_facts_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "products_refresh_search_facts"(ARRAY(SELECT DISTINCT "product_id" FROM "new_rows"));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "products_refresh_search_facts"(ARRAY(SELECT DISTINCT "product_id" FROM "old_rows"));
	ELSE
		PERFORM "products_refresh_search_facts"(ARRAY(SELECT "product_id" FROM "new_rows" UNION SELECT "product_id" FROM "old_rows"));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "product_categories_search_facts_insert" AFTER INSERT ON "product_categories" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_links"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_search_facts_update" AFTER UPDATE ON "product_categories" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_links"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_search_facts_delete" AFTER DELETE ON "product_categories" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_links"();
--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_search_facts_insert" AFTER INSERT ON "product_attribute_values" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_links"();
--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_search_facts_update" AFTER UPDATE ON "product_attribute_values" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_links"();
--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_search_facts_delete" AFTER DELETE ON "product_attribute_values" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_links"();
--> statement-breakpoint
-- renamed names: the products filed under a category, made by a brand, or having an option
CREATE OR REPLACE FUNCTION "search_facts_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'categories' THEN
		PERFORM "products_refresh_search_facts"(ARRAY(SELECT DISTINCT pc."product_id" FROM "new_rows" n
			JOIN "old_rows" o ON o."entity_id" = n."entity_id" JOIN "product_categories" pc ON pc."category_id" = n."entity_id"
			WHERE (n."name", n."level") IS DISTINCT FROM (o."name", o."level")));
	ELSIF TG_TABLE_NAME = 'brands' THEN
		PERFORM "products_refresh_search_facts"(ARRAY(SELECT p."entity_id" FROM "new_rows" n
			JOIN "old_rows" o ON o."brand_id" = n."brand_id" JOIN "products" p ON p."brand_id" = n."brand_id"
			WHERE n."name" IS DISTINCT FROM o."name"));
	ELSE
		PERFORM "products_refresh_search_facts"(ARRAY(SELECT DISTINCT v."product_id" FROM "new_rows" n
			JOIN "old_rows" o ON o."option_id" = n."option_id" JOIN "product_attribute_values" v ON v."option_id" = n."option_id"
			WHERE n."label" IS DISTINCT FROM o."label"));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_search_facts" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_names"();
--> statement-breakpoint
CREATE TRIGGER "brands_search_facts" AFTER UPDATE ON "brands" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_names"();
--> statement-breakpoint
CREATE TRIGGER "attribute_options_search_facts" AFTER UPDATE ON "attribute_options" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_facts_names"();
--> statement-breakpoint
-- products already there
UPDATE "products" p SET "search_facts" = "product_search_facts"(p."entity_id", p."brand_id", p."sku", p."model_number");
