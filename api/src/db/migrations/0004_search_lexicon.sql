-- Every word (as its full-text lexeme) of searchable products, with a trigram index: search
-- corrects a mistyped word to the closest lexemes here, then matches with full text as usual.
-- Refreshed by the search service when the catalogue has changed (row 2 of catalog_version
-- records the catalogue version it was built from).
CREATE MATERIALIZED VIEW "search_lexicon" AS
	SELECT "word", "ndoc" FROM ts_stat('SELECT search_vector FROM public.products WHERE status = 1 AND visibility IN (3, 4)');
--> statement-breakpoint
CREATE UNIQUE INDEX "search_lexicon_word" ON "search_lexicon" ("word");
--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm" ON "search_lexicon" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (2, 0) ON CONFLICT ("id") DO NOTHING;
