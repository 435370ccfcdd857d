CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"fields" jsonb NOT NULL,
	"email" text NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"session_id" text,
	"client_address" text DEFAULT '' NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");