-- Page data versions: what a server-rendered page was built from, announced on the change feed
-- ("store_changes", see api/src/db/changes.ts) as `v:<key>` so the storefront's page cache drops
-- exactly the pages a change touches. One message per key per change (identical notifications of
-- one transaction arrive once):
--   v:p<id>   a product a page shows changed (its own page, pages that link or bundle it)
--   v:c<id>   a category listing holding a changed product (and every ancestor listing)
--   v:catalog anything else a listing or product page is built from (structure, brands, facets …)
--   v:config  v:menus  v:cms (blocks and pages)  v:scripts  v:blog
CREATE OR REPLACE FUNCTION "page_versions_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('store_changes', 'v:' || TG_ARGV[0]);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- products: a changed row names itself, its configurable parent, the new product an open-box item
-- belongs to, the products linking or bundling it, and the listings that hold it. A bulk change
-- (over 200 rows) or a new or removed product is a catalogue change.
CREATE OR REPLACE FUNCTION "page_versions_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed integer[];
	k text;
BEGIN
	IF TG_OP <> 'UPDATE' THEN
		PERFORM pg_notify('store_changes', 'v:catalog');
		RETURN NULL;
	END IF;
	SELECT array_agg(n."entity_id") INTO changed FROM "new_rows" n JOIN "old_rows" o ON o."entity_id" = n."entity_id"
		WHERE (n.*) IS DISTINCT FROM (o.*);
	IF changed IS NULL THEN RETURN NULL; END IF;
	IF cardinality(changed) > 200 THEN
		PERFORM pg_notify('store_changes', 'v:catalog');
		RETURN NULL;
	END IF;
	FOR k IN
		WITH shown AS (
			SELECT unnest(changed) AS id
			UNION SELECT n."parent_id" FROM "new_rows" n WHERE n."entity_id" = ANY(changed) AND n."parent_id" IS NOT NULL
			UNION SELECT n."outlet_of" FROM "new_rows" n WHERE n."entity_id" = ANY(changed) AND n."outlet_of" IS NOT NULL
		)
		SELECT 'p' || id FROM shown
		UNION SELECT 'p' || l."product_id" FROM "product_links" l WHERE l."linked_product_id" = ANY(changed)
		UNION SELECT 'p' || bo."bundle_id" FROM "bundle_selections" bs JOIN "bundle_options" bo ON bo."option_id" = bs."option_id" WHERE bs."product_id" = ANY(changed)
		UNION SELECT 'c' || unnest(string_to_array(c."path", '/')) FROM "product_categories" pc JOIN "categories" c ON c."entity_id" = pc."category_id"
			WHERE pc."product_id" IN (SELECT id FROM shown)
	LOOP
		PERFORM pg_notify('store_changes', 'v:' || k);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_page_versions_write" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "products_page_versions_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_products"();
--> statement-breakpoint
-- a row naming one product: that product's pages
CREATE OR REPLACE FUNCTION "page_versions_product_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('store_changes', 'v:p' || OLD."product_id"); END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM pg_notify('store_changes', 'v:p' || NEW."product_id"); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_links_page_versions" AFTER INSERT OR UPDATE OR DELETE ON "product_links" FOR EACH ROW EXECUTE FUNCTION "page_versions_product_row"();
--> statement-breakpoint
CREATE TRIGGER "product_assets_page_versions" AFTER INSERT OR UPDATE OR DELETE ON "product_assets" FOR EACH ROW EXECUTE FUNCTION "page_versions_product_row"();
--> statement-breakpoint
CREATE TRIGGER "reviews_page_versions" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH ROW EXECUTE FUNCTION "page_versions_product_row"();
--> statement-breakpoint
CREATE TRIGGER "product_links_page_versions_all" AFTER TRUNCATE ON "product_links" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "product_assets_page_versions_all" AFTER TRUNCATE ON "product_assets" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "reviews_page_versions_all" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "bundle_options_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_options" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "bundle_selections_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_selections" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "categories_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "product_categories_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "product_attribute_values_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_attribute_values" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "product_super_attributes_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_super_attributes" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "attributes_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attributes" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "attribute_options_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attribute_options" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "brands_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "rebate_programs_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rebate_programs" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "product_promotions_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_promotions" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "product_fees_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_fees" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "search_redirects_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_redirects" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "search_synonyms_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "promo_banners_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promo_banners" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "store_locations_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_locations" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('catalog');
--> statement-breakpoint
CREATE TRIGGER "store_configs_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_configs" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('config');
--> statement-breakpoint
CREATE TRIGGER "menu_items_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_items" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('menus');
--> statement-breakpoint
CREATE TRIGGER "cms_blocks_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_blocks" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('cms');
--> statement-breakpoint
CREATE TRIGGER "cms_pages_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_pages" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('cms');
--> statement-breakpoint
CREATE TRIGGER "scripts_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "scripts" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('scripts');
--> statement-breakpoint
CREATE TRIGGER "blog_posts_page_versions" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "page_versions_notify"('blog');
