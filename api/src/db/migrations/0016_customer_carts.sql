ALTER TABLE "carts" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_entity_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("entity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_unique" UNIQUE("customer_id");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_one_owner" CHECK (("carts"."session_id" IS NULL) <> ("carts"."customer_id" IS NULL));--> statement-breakpoint
-- carts of signed-in sessions become their customer's cart (the newest one per customer; older
-- ones of the same customer, from other sessions, are dropped: a customer has one cart)
UPDATE "carts" c SET "customer_id" = s."customer_id", "session_id" = NULL
FROM "sessions" s
WHERE s."id" = c."session_id" AND s."customer_id" IS NOT NULL
  AND c."cart_id" = (SELECT c2."cart_id" FROM "carts" c2 JOIN "sessions" s2 ON s2."id" = c2."session_id"
                     WHERE s2."customer_id" = s."customer_id" ORDER BY c2."updated_at" DESC, c2."cart_id" DESC LIMIT 1);--> statement-breakpoint
DELETE FROM "carts" c USING "sessions" s WHERE s."id" = c."session_id" AND s."customer_id" IS NOT NULL;
