CREATE TABLE "store_configs" (
	"store_code" text PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"post_id" serial PRIMARY KEY NOT NULL,
	"url_key" text NOT NULL,
	"title" text NOT NULL,
	"short_content" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_url_key_unique" UNIQUE("url_key")
);
--> statement-breakpoint
CREATE TABLE "cms_blocks" (
	"block_id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cms_blocks_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"page_id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"title" text NOT NULL,
	"content_heading" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"structured_data" text DEFAULT '' NOT NULL,
	"no_index" boolean DEFAULT false NOT NULL,
	"published_revision_id" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cms_pages_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"node_id" serial PRIMARY KEY NOT NULL,
	"parent_node_id" integer,
	"label" text NOT NULL,
	"request_url" text DEFAULT '' NOT NULL,
	"href_override" text DEFAULT '' NOT NULL,
	"target" text DEFAULT '_self' NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"top_menu_visibility" text DEFAULT '1' NOT NULL,
	"placement" text DEFAULT 'main' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_banners" (
	"banner_id" serial PRIMARY KEY NOT NULL,
	"banner_type" text NOT NULL,
	"css" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" integer,
	"manufacturer" text,
	"display_mode" text,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scripts" (
	"script_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"location" text DEFAULT 'head' NOT NULL,
	"cms_pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"force_reload" boolean DEFAULT false NOT NULL,
	"html_attribs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"script_name" text NOT NULL,
	"source" text DEFAULT 'inline' NOT NULL,
	"script" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'text/javascript' NOT NULL,
	"additional_html" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribute_options" (
	"option_id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"swatch" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"attribute_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"frontend_input" text DEFAULT 'select' NOT NULL,
	"is_filterable" boolean DEFAULT true NOT NULL,
	"is_swatch" boolean DEFAULT false NOT NULL,
	"is_comparable" boolean DEFAULT true NOT NULL,
	"group_name" text DEFAULT 'Specifications' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attributes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"brand_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url_key" text NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	CONSTRAINT "brands_name_unique" UNIQUE("name"),
	CONSTRAINT "brands_url_key_unique" UNIQUE("url_key")
);
--> statement-breakpoint
CREATE TABLE "bundle_options" (
	"option_id" serial PRIMARY KEY NOT NULL,
	"bundle_id" integer NOT NULL,
	"title" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_selections" (
	"selection_id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"entity_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"path" text NOT NULL,
	"url_key" text NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"include_in_menu" text DEFAULT '1' NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"display_mode" text DEFAULT 'PRODUCTS' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"bottom_description" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"h1_title" text DEFAULT '' NOT NULL,
	"h2_title" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"redirect" text DEFAULT '' NOT NULL,
	"default_sort_by" text DEFAULT 'position' NOT NULL,
	"featured_filter" text DEFAULT '' NOT NULL,
	"landing" jsonb,
	CONSTRAINT "categories_url_key_unique" UNIQUE("url_key")
);
--> statement-breakpoint
CREATE TABLE "product_assets" (
	"asset_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"asset_type" text DEFAULT 'image' NOT NULL,
	"url" text NOT NULL,
	"thumb_url" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attribute_values" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	CONSTRAINT "product_attribute_values_attribute_id_option_id_product_id_pk" PRIMARY KEY("attribute_id","option_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_links" (
	"product_id" integer NOT NULL,
	"linked_product_id" integer NOT NULL,
	"link_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"pre_selected_add_on" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_links_product_id_link_type_linked_product_id_pk" PRIMARY KEY("product_id","link_type","linked_product_id")
);
--> statement-breakpoint
CREATE TABLE "product_promotions" (
	"product_id" integer NOT NULL,
	"program_id" text NOT NULL,
	CONSTRAINT "product_promotions_program_id_product_id_pk" PRIMARY KEY("program_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_super_attributes" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_super_attributes_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"entity_id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"url_key" text NOT NULL,
	"type_id" text DEFAULT 'simple' NOT NULL,
	"name" text NOT NULL,
	"model_number" text DEFAULT '' NOT NULL,
	"brand_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keyword" text DEFAULT '' NOT NULL,
	"visibility" integer DEFAULT 4 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"parent_id" integer,
	"outlet_of" integer,
	"condition" text DEFAULT 'new' NOT NULL,
	"price" integer NOT NULL,
	"special_price" integer,
	"special_from_date" timestamp with time zone,
	"special_to_date" timestamp with time zone,
	"msrp" integer,
	"poa" boolean DEFAULT false NOT NULL,
	"display_add_to_cart" boolean DEFAULT true NOT NULL,
	"final_price" integer NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"weight" double precision,
	"height" double precision,
	"width" double precision,
	"depth" double precision,
	"energy_star_qualified" boolean DEFAULT false NOT NULL,
	"upccode" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"reviews_rating" double precision DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(search_text, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_url_key_unique" UNIQUE("url_key")
);
--> statement-breakpoint
CREATE TABLE "rebate_programs" (
	"program_id" text PRIMARY KEY NOT NULL,
	"promo_name" text NOT NULL,
	"promo_short_description" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"rebate_form_url" text DEFAULT '' NOT NULL,
	"brand_logo_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"linq_type" text DEFAULT 'rebate' NOT NULL,
	"after_checkout" boolean DEFAULT false NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"review_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"nickname" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"is_recommended" boolean DEFAULT true NOT NULL,
	"helpful_yes" integer DEFAULT 0 NOT NULL,
	"helpful_no" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"history_id" serial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"result_size" integer NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_redirects" (
	"term" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_product_id_location_id_pk" PRIMARY KEY("product_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "postcodes" (
	"postcode" text PRIMARY KEY NOT NULL,
	"country_id" text DEFAULT 'US' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"region" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"rate_id" serial PRIMARY KEY NOT NULL,
	"country_id" text DEFAULT 'US' NOT NULL,
	"zip_prefix" text DEFAULT '' NOT NULL,
	"carrier_title" text NOT NULL,
	"method_code" text NOT NULL,
	"method_title" text NOT NULL,
	"price" integer NOT NULL,
	"min_days" integer DEFAULT 3 NOT NULL,
	"max_days" integer DEFAULT 7 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_locations" (
	"location_id" serial PRIMARY KEY NOT NULL,
	"google_code" text NOT NULL,
	"store_name" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postcode" text NOT NULL,
	"country_id" text DEFAULT 'US' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"pickup_method" text DEFAULT 'store_pickup' NOT NULL,
	"hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "store_locations_google_code_unique" UNIQUE("google_code")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"entity_id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"password_hash" text NOT NULL,
	"newsletter_is_subscribed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"csrf_token" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "attribute_options" ADD CONSTRAINT "attribute_options_attribute_id_attributes_attribute_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("attribute_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_options" ADD CONSTRAINT "bundle_options_bundle_id_products_entity_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_selections" ADD CONSTRAINT "bundle_selections_option_id_bundle_options_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."bundle_options"("option_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_selections" ADD CONSTRAINT "bundle_selections_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_assets" ADD CONSTRAINT "product_assets_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_attribute_id_attributes_attribute_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("attribute_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_option_id_attribute_options_option_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."attribute_options"("option_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_entity_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_links" ADD CONSTRAINT "product_links_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_links" ADD CONSTRAINT "product_links_linked_product_id_products_entity_id_fk" FOREIGN KEY ("linked_product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_promotions" ADD CONSTRAINT "product_promotions_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_promotions" ADD CONSTRAINT "product_promotions_program_id_rebate_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."rebate_programs"("program_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_super_attributes" ADD CONSTRAINT "product_super_attributes_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_super_attributes" ADD CONSTRAINT "product_super_attributes_attribute_id_attributes_attribute_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("attribute_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("brand_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_location_id_store_locations_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."store_locations"("location_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_entity_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_customer_id_customers_entity_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_entity_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_options_attr_value" ON "attribute_options" USING btree ("attribute_id","value");--> statement-breakpoint
CREATE INDEX "bundle_options_bundle" ON "bundle_options" USING btree ("bundle_id");--> statement-breakpoint
CREATE INDEX "bundle_selections_product" ON "bundle_selections" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_assets_product" ON "product_assets" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_attribute_values_product" ON "product_attribute_values" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_categories_product" ON "product_categories" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_links_linked" ON "product_links" USING btree ("linked_product_id");--> statement-breakpoint
CREATE INDEX "product_promotions_product" ON "product_promotions" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_search_vector" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_parent" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_outlet_of" ON "products" USING btree ("outlet_of");--> statement-breakpoint
CREATE INDEX "products_brand" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_final_price" ON "products" USING btree ("final_price");--> statement-breakpoint
CREATE INDEX "reviews_product" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "search_queries_query" ON "search_queries" USING btree ("query");--> statement-breakpoint
CREATE INDEX "shipping_rates_country" ON "shipping_rates" USING btree ("country_id","zip_prefix");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");