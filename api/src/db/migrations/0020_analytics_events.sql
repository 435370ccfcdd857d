CREATE TABLE "analytics_events" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"store_code" text DEFAULT '' NOT NULL,
	"session_id" text,
	"customer_id" integer,
	"location" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"client_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_created_at" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_event" ON "analytics_events" USING btree ("event");