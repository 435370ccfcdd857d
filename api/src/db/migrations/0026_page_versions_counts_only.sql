-- A stock count that moved without crossing zero (most orders) names only the pages that show the
-- count, and 0025 already said so; but it still ran the query that looks for the product's links,
-- bundles and categories, with nothing to look for, on every order. That query and the comparison
-- of whole rows as JSON were two thirds of an order's stock update (1.3 ms of it, on the server).
-- The same pages are named as before; the rest of a row is now compared as a row with its count
-- put back (jsonb_populate_record), not as two JSON documents.
CREATE OR REPLACE FUNCTION "page_versions_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed integer[];
	reaching integer[];
	k text;
BEGIN
	IF TG_OP <> 'UPDATE' THEN
		PERFORM pg_notify('store_changes', 'v:catalog');
		RETURN NULL;
	END IF;
	SELECT array_agg(n."entity_id"),
		array_agg(n."entity_id") FILTER (WHERE (n."qty" > 0) IS DISTINCT FROM (o."qty" > 0) OR jsonb_populate_record(n, jsonb_build_object('qty', o."qty")) IS DISTINCT FROM o)
		INTO changed, reaching
		FROM "new_rows" n JOIN "old_rows" o ON o."entity_id" = n."entity_id"
		WHERE (n.*) IS DISTINCT FROM (o.*);
	IF changed IS NULL THEN RETURN NULL; END IF;
	IF cardinality(changed) > 200 THEN
		PERFORM pg_notify('store_changes', 'v:catalog');
		RETURN NULL;
	END IF;
	IF reaching IS NULL THEN
		-- only counts moved: the pages that show them, none that link, bundle or list the products
		FOR k IN
			SELECT unnest(changed)
			UNION SELECT n."parent_id" FROM "new_rows" n WHERE n."entity_id" = ANY(changed) AND n."parent_id" IS NOT NULL
			UNION SELECT n."outlet_of" FROM "new_rows" n WHERE n."entity_id" = ANY(changed) AND n."outlet_of" IS NOT NULL
		LOOP
			PERFORM pg_notify('store_changes', 'v:p' || k);
		END LOOP;
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
