CREATE TABLE "customer_addresses" (
	"entity_id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"middlename" text DEFAULT '' NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"street" text[] NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"region_id" text DEFAULT '' NOT NULL,
	"postcode" text NOT NULL,
	"country_id" text NOT NULL,
	"telephone" text NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"default_billing" boolean DEFAULT false NOT NULL,
	"default_shipping" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_entity_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_customer_id_customers_entity_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_addresses_customer" ON "customer_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default_billing" ON "customer_addresses" USING btree ("customer_id") WHERE "customer_addresses"."default_billing";--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default_shipping" ON "customer_addresses" USING btree ("customer_id") WHERE "customer_addresses"."default_shipping";--> statement-breakpoint
CREATE INDEX "password_resets_customer" ON "password_resets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_lower" ON "customers" USING btree (lower("email"));