import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What shoppers sent through the form tag of CMS content (contact, request a quote): kept here,
 * and mailed to the store through the outbox (mail_id is that mail).
 */
export const formSubmissions = pgTable("form_submissions", {
  id: serial("id").primaryKey(),
  /** which form: 'contact' or 'request-quote' */
  form: text("form").notNull(),
  /** the fields as sent (the form's own list only), by name */
  fields: jsonb("fields").$type<Record<string, string>>().notNull(),
  email: text("email").notNull(),
  /** the storefront path the form was on */
  page: text("page").notNull().default(""),
  /** the session that sent it (null: none), for a look at abuse */
  sessionId: text("session_id"),
  clientAddress: text("client_address").notNull().default(""),
  mailId: integer("mail_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("form_submissions_created_idx").on(t.createdAt)]);
