-- Change feed (api/src/db/changes.ts): every api process LISTENs on "store_changes" and keeps
-- per-shopper answers in memory only until one of these says their data changed. Triggers, not
-- application code, so every writer (other processes, pruning, hand-written SQL) is covered.

-- a session that goes (sign-out, sign-in replacing it, password change, pruning, cascades)
CREATE OR REPLACE FUNCTION "changes_session_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('store_changes', 's:' || OLD."id");
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changes" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "changes_session_gone"();
--> statement-breakpoint
-- a cart row that changed, by owner (c<customer id> or s<session id>, as the caches key it)
CREATE OR REPLACE FUNCTION "changes_cart"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r record;
BEGIN
	IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
	PERFORM pg_notify('store_changes', 'c:' || coalesce('c' || r."customer_id", 's' || r."session_id"));
	IF TG_OP = 'UPDATE' AND (OLD."customer_id" IS DISTINCT FROM NEW."customer_id" OR OLD."session_id" IS DISTINCT FROM NEW."session_id") THEN
		PERFORM pg_notify('store_changes', 'c:' || coalesce('c' || OLD."customer_id", 's' || OLD."session_id"));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "carts_changes" AFTER INSERT OR UPDATE OR DELETE ON "carts" FOR EACH ROW EXECUTE FUNCTION "changes_cart"();
--> statement-breakpoint
-- a cart line that changed: its cart's owner (a line deleted with its cart: the cart said so)
CREATE OR REPLACE FUNCTION "changes_cart_item"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	owner text;
BEGIN
	SELECT coalesce('c' || "customer_id", 's' || "session_id") INTO owner FROM "carts"
		WHERE "cart_id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD."cart_id" ELSE NEW."cart_id" END);
	IF owner IS NOT NULL THEN PERFORM pg_notify('store_changes', 'c:' || owner); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cart_items_changes" AFTER INSERT OR UPDATE OR DELETE ON "cart_items" FOR EACH ROW EXECUTE FUNCTION "changes_cart_item"();
--> statement-breakpoint
-- data every cart answer is computed from: once per statement (identical notifications of one
-- transaction arrive once)
CREATE OR REPLACE FUNCTION "changes_cart_data"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('store_changes', 'd:' || TG_TABLE_NAME);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "brands_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "rebate_programs_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rebate_programs" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "product_promotions_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_promotions" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "product_fees_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_fees" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "coupons_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "tax_rates_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_rates" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "shipping_methods_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_methods" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "store_locations_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_locations" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "inventory_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inventory" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
--> statement-breakpoint
CREATE TRIGGER "store_configs_cart_data" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_configs" FOR EACH STATEMENT EXECUTE FUNCTION "changes_cart_data"();
