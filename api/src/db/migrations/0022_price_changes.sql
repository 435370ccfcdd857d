ALTER TABLE "stock_changes" ADD COLUMN "kind" text DEFAULT 'stock' NOT NULL;--> statement-breakpoint
-- A price-only change (the columns a tile's prices, the price sort and the price filter read) no
-- longer rebuilds the whole in-memory catalogue either: it is logged in stock_changes with kind
-- 'price', and every api process patches those products in place (catalog/load-model.ts
-- patchPrices). Any other column a listing shows still moves catalog_version, and so does a
-- repricing of more than 2,000 products in one statement (one rebuild beats that many patches).
CREATE OR REPLACE FUNCTION "catalog_version_bump_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	repriced integer[];
BEGIN
	IF EXISTS (
		SELECT "entity_id", "sku", "url_key", "type_id", "name", "model_number", "brand_id", "visibility", "status", "parent_id", "outlet_of", "condition", "image_url", "reviews_count", "reviews_rating", "position", "extra", "search_text", "created_at" FROM "new_rows"
		EXCEPT
		SELECT "entity_id", "sku", "url_key", "type_id", "name", "model_number", "brand_id", "visibility", "status", "parent_id", "outlet_of", "condition", "image_url", "reviews_count", "reviews_rating", "position", "extra", "search_text", "created_at" FROM "old_rows"
	) THEN
		PERFORM "catalog_version_touch"();
	ELSE
		SELECT array_agg("entity_id") INTO repriced FROM (
			SELECT "entity_id", "price", "special_price", "special_from_date", "special_to_date", "msrp", "poa", "display_add_to_cart", "final_price" FROM "new_rows"
			EXCEPT
			SELECT "entity_id", "price", "special_price", "special_from_date", "special_to_date", "msrp", "poa", "display_add_to_cart", "final_price" FROM "old_rows"
		) AS "moved";
		IF cardinality(repriced) > 2000 THEN
			PERFORM "catalog_version_touch"();
		ELSIF repriced IS NOT NULL THEN
			INSERT INTO "stock_changes" ("product_id", "kind") SELECT unnest(repriced), 'price';
		END IF;
	END IF;
	INSERT INTO "stock_changes" ("product_id")
		SELECT "entity_id" FROM (SELECT "entity_id", "qty" FROM "new_rows" EXCEPT SELECT "entity_id", "qty" FROM "old_rows") AS "moved";
	RETURN NULL;
END;
$$;
