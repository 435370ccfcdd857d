CREATE TABLE "sign_in_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term_shoppers" (
	"query" text NOT NULL,
	"client" text NOT NULL,
	CONSTRAINT "search_term_shoppers_query_client_pk" PRIMARY KEY("query","client")
);
--> statement-breakpoint
ALTER TABLE "search_queries" ADD COLUMN "client" text;--> statement-breakpoint
ALTER TABLE "search_terms" ADD COLUMN "shoppers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_login" ON "sign_in_attempts" USING btree ("login","attempted_at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_attempted_at" ON "sign_in_attempts" USING btree ("attempted_at");--> statement-breakpoint
-- A found search also records its client once per query; search_terms.shoppers counts them, and
-- only terms with enough shoppers are suggested (so one visitor cannot plant a suggestion).
CREATE OR REPLACE FUNCTION "search_terms_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	new_shopper integer := 0;
BEGIN
	IF NEW."client" IS NOT NULL THEN
		INSERT INTO "search_term_shoppers" ("query", "client") VALUES (lower(NEW."query"), NEW."client") ON CONFLICT DO NOTHING;
		GET DIAGNOSTICS new_shopper = ROW_COUNT;
	END IF;
	INSERT INTO "search_terms" ("query", "count", "shoppers", "last_searched_at") VALUES (lower(NEW."query"), 1, new_shopper, NEW."created_at")
	ON CONFLICT ("query") DO UPDATE SET "count" = "search_terms"."count" + 1, "shoppers" = "search_terms"."shoppers" + new_shopper,
		"last_searched_at" = GREATEST("search_terms"."last_searched_at", EXCLUDED."last_searched_at");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Searches logged before clients were recorded: each session (or, without one, each logged search) counts as a shopper.
INSERT INTO "search_term_shoppers" ("query", "client")
SELECT DISTINCT lower("query"), coalesce('session:' || "session_id", 'search:' || "history_id") FROM "search_queries" WHERE "result_size" > 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "search_terms" t SET "shoppers" = s."n" FROM (SELECT "query", count(*)::int AS "n" FROM "search_term_shoppers" GROUP BY "query") s WHERE s."query" = t."query";
