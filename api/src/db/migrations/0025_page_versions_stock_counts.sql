-- A stock count that moves but stays on the same side of zero (an order for one of many) changes only
-- the pages that show the count: the product's own page, its configurable parent's (which carries its
-- children's counts) and the new product an open-box item belongs to. Pages that link or bundle it and
-- the listings that hold it show no count, only whether it is in stock, so they are named only when
-- something else changed or the product went in or out of stock. Before, an order for a product
-- linked from 600 others moved 600 product pages out of every storefront's cache.
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
		array_agg(n."entity_id") FILTER (WHERE (n."qty" > 0) IS DISTINCT FROM (o."qty" > 0) OR (to_jsonb(n) - 'qty') IS DISTINCT FROM (to_jsonb(o) - 'qty'))
		INTO changed, reaching
		FROM "new_rows" n JOIN "old_rows" o ON o."entity_id" = n."entity_id"
		WHERE (n.*) IS DISTINCT FROM (o.*);
	IF changed IS NULL THEN RETURN NULL; END IF;
	IF cardinality(changed) > 200 THEN
		PERFORM pg_notify('store_changes', 'v:catalog');
		RETURN NULL;
	END IF;
	reaching := coalesce(reaching, '{}');
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
