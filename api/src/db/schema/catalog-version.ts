import { bigint, integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * Row 1: a version that goes up, in the same transaction, whenever data a catalogue listing shows
 * changes (triggers in the migration). Every api process compares it with the version its
 * in-memory catalogue was built from, so all instances agree on when to rebuild.
 */
export const catalogVersion = pgTable("catalog_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});
