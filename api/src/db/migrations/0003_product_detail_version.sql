CREATE TABLE "product_detail_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
INSERT INTO "product_detail_version" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_detail_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_detail_version" ("id", "version", "changed_at") VALUES (1, 1, now())
	ON CONFLICT ("id") DO UPDATE SET "version" = "product_detail_version"."version" + 1, "changed_at" = now();
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_detail_version" AFTER UPDATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "product_detail_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_links_detail_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_links" FOR EACH STATEMENT EXECUTE FUNCTION "product_detail_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_assets_detail_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_assets" FOR EACH STATEMENT EXECUTE FUNCTION "product_detail_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "bundle_options_detail_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_options" FOR EACH STATEMENT EXECUTE FUNCTION "product_detail_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "bundle_selections_detail_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_selections" FOR EACH STATEMENT EXECUTE FUNCTION "product_detail_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "promo_banners_detail_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promo_banners" FOR EACH STATEMENT EXECUTE FUNCTION "product_detail_version_bump"();
