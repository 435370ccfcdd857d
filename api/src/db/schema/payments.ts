import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * Every step of every payment, appended and never changed: what we asked a provider, what it
 * answered, and each webhook or redirect return. Card numbers and security codes never land here.
 */
export const paymentEvents = pgTable("payment_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** the cart or order the payment belongs to (the order code fills it with its reference) */
  orderRef: text("order_ref").notNull(),
  method: text("method").notNull(),
  /** validate | initiate | authorize | capture | void | status | webhook | finalize */
  step: text("step").notNull(),
  /** requested (before a provider call) or the outcome: authorized, captured, pending, … */
  status: text("status").notNull(),
  amount: bigint("amount", { mode: "number" }),
  currency: text("currency"),
  idempotencyKey: text("idempotency_key"),
  providerReference: text("provider_reference"),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("payment_events_order_ref").on(t.orderRef, t.id),
  // one finalize per provider reference and status: a replayed webhook or a second return is a no-op
  uniqueIndex("payment_events_finalize_once").on(t.method, t.providerReference, t.status).where(sql`step = 'finalize'`),
]);
