-- The product detail version (migration 0003) moved on every UPDATE statement of products, even one
-- that matched no row or rewrote rows as they were. Every api process then dropped every kept
-- product answer (product/versions.ts). It now moves only when some row really changed.
CREATE OR REPLACE FUNCTION "product_detail_version_bump_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "new_rows" n WHERE NOT EXISTS (
		SELECT 1 FROM "old_rows" o WHERE o."entity_id" = n."entity_id" AND (n.*) IS NOT DISTINCT FROM (o.*))) THEN
		INSERT INTO "product_detail_version" ("id", "version", "changed_at") VALUES (1, 1, now())
		ON CONFLICT ("id") DO UPDATE SET "version" = "product_detail_version"."version" + 1, "changed_at" = now();
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_detail_version" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_detail_version" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_detail_version_bump_changed"();
