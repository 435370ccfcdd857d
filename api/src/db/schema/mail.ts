import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const MAIL_STATUSES = ["queued", "sent", "failed", "held"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every mail the store sends, written in the same transaction as the change that causes it
 * (transactional outbox) and delivered later by the mail worker. 'held' rows were written with no
 * SMTP server configured: they stay here for a developer to read and are never sent.
 */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  /** what the mail is, e.g. 'cart', 'order_confirmation', 'password_reset', 'contact' */
  kind: text("kind").notNull(),
  to: text("to").notNull(),
  /** null: the store's sender (MAIL_FROM, else the store name), settled when it is sent */
  from: text("from"),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  status: text("status").$type<MailStatus>().notNull(),
  attempts: integer("attempts").notNull().default(0),
  /** when the worker may next try (also pushed ahead while one worker holds the row) */
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  lastError: text("last_error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  messageId: text("message_id"),
  /** e.g. 'order_confirmation:<order id>': a replayed order cannot queue a second mail */
  dedupeKey: text("dedupe_key").unique(),
}, (table) => [
  check("mail_outbox_status", sql`${table.status} in ('queued', 'sent', 'failed', 'held')`),
  index("mail_outbox_due").on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
]);
