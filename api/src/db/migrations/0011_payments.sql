CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_ref" text NOT NULL,
	"method" text NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint,
	"currency" text,
	"idempotency_key" text,
	"provider_reference" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_events_order_ref" ON "payment_events" USING btree ("order_ref","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_finalize_once" ON "payment_events" USING btree ("method","provider_reference","status") WHERE step = 'finalize';