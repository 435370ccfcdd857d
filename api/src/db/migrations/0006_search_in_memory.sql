-- Typo correction now runs on the catalogue model's in-memory word list (built from the same
-- products' text), so the materialized lexicon and its bookkeeping row are no longer used.
DROP MATERIALIZED VIEW IF EXISTS "search_lexicon";
--> statement-breakpoint
DELETE FROM "catalog_version" WHERE "id" = 2;
--> statement-breakpoint
-- Suggested searches are kept in memory too; each process reads the terms changed since it last looked.
CREATE INDEX IF NOT EXISTS "search_terms_last_searched_at" ON "search_terms" USING btree ("last_searched_at");
