CREATE TABLE "search_terms" (
	"query" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_query_trgm" ON "search_terms" USING gin ("query" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_count" ON "search_terms" USING btree ("count");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_terms_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_terms" ("query", "count", "last_searched_at") VALUES (lower(NEW."query"), 1, NEW."created_at")
	ON CONFLICT ("query") DO UPDATE SET "count" = "search_terms"."count" + 1, "last_searched_at" = GREATEST("search_terms"."last_searched_at", EXCLUDED."last_searched_at");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "search_queries_terms" AFTER INSERT ON "search_queries" FOR EACH ROW WHEN (NEW."result_size" > 0) EXECUTE FUNCTION "search_terms_count"();
--> statement-breakpoint
INSERT INTO "search_terms" ("query", "count", "last_searched_at")
SELECT lower("query"), count(*)::int, max("created_at") FROM "search_queries" WHERE "result_size" > 0 GROUP BY lower("query");
