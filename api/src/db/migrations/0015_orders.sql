CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 100000001 MAXVALUE 9223372036854775807 START WITH 100000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"child_id" integer,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"qty" integer NOT NULL,
	"price" integer NOT NULL,
	"original_price" integer NOT NULL,
	"row_total" integer NOT NULL,
	"crosssell_parent_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bundle_selections" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"entity_id" serial PRIMARY KEY NOT NULL,
	"increment_id" text DEFAULT nextval('order_number_seq')::text NOT NULL,
	"cart_id" integer,
	"source_cart_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"customer_id" integer,
	"status" text NOT NULL,
	"email" text NOT NULL,
	"currency" text NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"shipping_amount" integer NOT NULL,
	"tax" integer NOT NULL,
	"fee" integer NOT NULL,
	"grand_total" integer NOT NULL,
	"coupon_code" text,
	"shipping_method" text NOT NULL,
	"shipping_title" text NOT NULL,
	"shipping_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"sales_assistance" text,
	"payment_method" text NOT NULL,
	"payment_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_reference" text,
	"held_stock" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_increment_id_unique" UNIQUE("increment_id"),
	CONSTRAINT "orders_cart_id_unique" UNIQUE("cart_id")
);
--> statement-breakpoint
CREATE TABLE "stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_entity_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","entity_id");--> statement-breakpoint
CREATE INDEX "orders_session" ON "orders" USING btree ("session_id","entity_id");--> statement-breakpoint
CREATE INDEX "orders_pending" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stock_changes_changed_at" ON "stock_changes" USING btree ("changed_at");--> statement-breakpoint
-- A stock-only change (qty) no longer rebuilds the whole in-memory catalogue: it is logged in
-- stock_changes, which every api process reads with its version poll and patches in place.
-- Any other column a listing shows still moves catalog_version.
CREATE OR REPLACE FUNCTION "catalog_version_bump_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (
		SELECT "entity_id", "sku", "url_key", "type_id", "name", "model_number", "brand_id", "visibility", "status", "parent_id", "outlet_of", "condition", "price", "special_price", "special_from_date", "special_to_date", "msrp", "poa", "display_add_to_cart", "final_price", "image_url", "reviews_count", "reviews_rating", "position", "extra", "search_text", "created_at" FROM "new_rows"
		EXCEPT
		SELECT "entity_id", "sku", "url_key", "type_id", "name", "model_number", "brand_id", "visibility", "status", "parent_id", "outlet_of", "condition", "price", "special_price", "special_from_date", "special_to_date", "msrp", "poa", "display_add_to_cart", "final_price", "image_url", "reviews_count", "reviews_rating", "position", "extra", "search_text", "created_at" FROM "old_rows"
	) THEN
		PERFORM "catalog_version_touch"();
	END IF;
	INSERT INTO "stock_changes" ("product_id")
		SELECT "entity_id" FROM (SELECT "entity_id", "qty" FROM "new_rows" EXCEPT SELECT "entity_id", "qty" FROM "old_rows") AS "moved";
	RETURN NULL;
END;
$$;
