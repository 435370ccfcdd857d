-- Change feed (api/src/db/changes.ts): a products update names the products it changed, `p:<id>`,
-- so what is held per product (cart line data, cart/products.ts) drops only those. Orders change
-- stock all day; with one `d:products` per statement every order dropped every held product. A
-- bulk update (over 200 rows), an insert, a delete or a truncate still says `d:products`.
DROP TRIGGER IF EXISTS "products_cart_data" ON "products";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "changes_cart_products"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed integer[];
	id integer;
BEGIN
	-- an id that changed itself names no product a reader holds: everything goes
	IF EXISTS (SELECT 1 FROM "new_rows" n WHERE NOT EXISTS (SELECT 1 FROM "old_rows" o WHERE o."entity_id" = n."entity_id")) THEN
		PERFORM pg_notify('store_changes', 'd:products');
		RETURN NULL;
	END IF;
	SELECT array_agg(n."entity_id") INTO changed FROM "new_rows" n JOIN "old_rows" o ON o."entity_id" = n."entity_id"
		WHERE (n.*) IS DISTINCT FROM (o.*);
	IF changed IS NULL THEN RETURN NULL; END IF;
	IF cardinality(changed) > 200 THEN
		PERFORM pg_notify('store_changes', 'd:products');
		RETURN NULL;
	END IF;
	FOREACH id IN ARRAY changed LOOP
		PERFORM pg_notify('store_changes', 'p:' || id);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_cart_data_write" AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "products_cart_data_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_products"();
