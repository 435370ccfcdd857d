CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_version_touch"() RETURNS void LANGUAGE sql AS $$
	INSERT INTO "catalog_version" ("id", "version", "changed_at") VALUES (1, 1, now())
	ON CONFLICT ("id") DO UPDATE SET "version" = "catalog_version"."version" + 1, "changed_at" = now();
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "catalog_version_touch"();
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_version_bump_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- only columns a listing shows (weights, dimensions and other detail-page columns leave listings alone)
	IF EXISTS (
		SELECT 1 FROM "new_rows" n LEFT JOIN "old_rows" o ON o."entity_id" = n."entity_id"
		WHERE o."entity_id" IS NULL
			OR (n."sku", n."url_key", n."type_id", n."name", n."model_number", n."brand_id", n."visibility", n."status", n."parent_id", n."outlet_of", n."condition", n."price", n."special_price", n."special_from_date", n."special_to_date", n."msrp", n."poa", n."display_add_to_cart", n."final_price", n."qty", n."image_url", n."reviews_count", n."reviews_rating", n."position", n."extra", n."search_text", n."created_at")
			IS DISTINCT FROM (o."sku", o."url_key", o."type_id", o."name", o."model_number", o."brand_id", o."visibility", o."status", o."parent_id", o."outlet_of", o."condition", o."price", o."special_price", o."special_from_date", o."special_to_date", o."msrp", o."poa", o."display_add_to_cart", o."final_price", o."qty", o."image_url", o."reviews_count", o."reviews_rating", o."position", o."extra", o."search_text", o."created_at")
	) THEN
		PERFORM "catalog_version_touch"();
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_write" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump_products"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_attribute_values" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_super_attributes_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_super_attributes" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "attributes_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attributes" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "attribute_options_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attribute_options" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "brands_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "rebate_programs_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rebate_programs" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_promotions_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_promotions" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "search_redirects_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_redirects" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "cms_blocks_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_blocks" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
