CREATE INDEX "search_queries_created_at" ON "search_queries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "carts_updated_at" ON "carts" USING btree ("updated_at");