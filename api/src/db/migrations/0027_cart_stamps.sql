-- A cart write's notification (0017) is left out on connections that say
-- `store.announce_carts = off`: the api's connections to a PostgreSQL server check kept GET /cart
-- answers against their cart rows' versions instead (api/src/cart/stamps.ts). A notifying
-- transaction holds the server's notification lock through its commit, so with them every add to
-- every cart committed one at a time. The embedded database (one connection, nothing to queue
-- behind) and every other writer (an edit by hand) still announce.
CREATE OR REPLACE FUNCTION "changes_cart"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r record;
BEGIN
	IF current_setting('store.announce_carts', true) = 'off' THEN RETURN NULL; END IF;
	IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
	PERFORM pg_notify('store_changes', 'c:' || coalesce('c' || r."customer_id", 's' || r."session_id"));
	IF TG_OP = 'UPDATE' AND (OLD."customer_id" IS DISTINCT FROM NEW."customer_id" OR OLD."session_id" IS DISTINCT FROM NEW."session_id") THEN
		PERFORM pg_notify('store_changes', 'c:' || coalesce('c' || OLD."customer_id", 's' || OLD."session_id"));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "changes_cart_item"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	owner text;
BEGIN
	IF current_setting('store.announce_carts', true) = 'off' THEN RETURN NULL; END IF;
	SELECT coalesce('c' || "customer_id", 's' || "session_id") INTO owner FROM "carts"
		WHERE "cart_id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD."cart_id" ELSE NEW."cart_id" END);
	IF owner IS NOT NULL THEN PERFORM pg_notify('store_changes', 'c:' || owner); END IF;
	RETURN NULL;
END $$;
