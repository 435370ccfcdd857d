CREATE TABLE "cart_items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"child_id" integer,
	"bundle_selections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qty" integer NOT NULL,
	"crosssell_parent_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"coupon_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"min_subtotal" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_fees" (
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "product_fees_product_id_title_pk" PRIMARY KEY("product_id","title")
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"code" text PRIMARY KEY NOT NULL,
	"carrier_title" text NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"threshold" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country_id" text NOT NULL,
	"region_code" text NOT NULL,
	"region_name" text DEFAULT '' NOT NULL,
	"rate_bp" integer NOT NULL,
	"label" text DEFAULT 'Tax' NOT NULL,
	CONSTRAINT "tax_rates_country_id_region_code_pk" PRIMARY KEY("country_id","region_code")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "sales_assistance" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("cart_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_child_id_products_entity_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fees" ADD CONSTRAINT "product_fees_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_cart" ON "cart_items" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower" ON "coupons" USING btree (lower("code"));