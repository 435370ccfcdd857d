CREATE TABLE "search_synonyms" (
	"synonym_id" serial PRIMARY KEY NOT NULL,
	"store_code" text DEFAULT 'default' NOT NULL,
	"input" text,
	"synonyms" text[] NOT NULL,
	CONSTRAINT "search_synonyms_terms" CHECK (cardinality("search_synonyms"."synonyms") >= 1 AND ("search_synonyms"."input" IS NOT NULL OR cardinality("search_synonyms"."synonyms") >= 2))
);
--> statement-breakpoint
CREATE INDEX "search_synonyms_store" ON "search_synonyms" USING btree ("store_code");--> statement-breakpoint
-- synonyms live in the catalogue model: a change rebuilds it
CREATE TRIGGER "search_synonyms_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_version_bump"();
