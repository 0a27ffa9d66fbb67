import type { ChargeSchedule } from '@levy/tax';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../identity/identity.schema';

/**
 * Rows platform staff add to the engine's dated reference tables (issue 26, decision 0025): the
 * engine reads the seed tables in `packages/tax` merged with these. Rows are never edited or
 * deleted; a correction is a later row for the same day.
 */
export const referenceDataRows = pgTable('reference_data_rows', {
  id: uuid().primaryKey().defaultRandom(),
  table: text({ enum: ['mpr', 'holidays', 'charges'] }).notNull(),
  /** MPR and charges: the day the row applies from; holidays: the holiday. YYYY-MM-DD. */
  from: text().notNull(),
  /** MPR only, basis points. */
  rateBps: integer(),
  /** Holidays only. */
  name: text(),
  /** Charges only: the whole schedule in force from `from`, amounts in kobo. */
  chargeSchedule: jsonb().$type<ChargeSchedule>(),
  source: text().notNull(),
  createdBy: uuid()
    .notNull()
    .references(() => users.id),
  createdByName: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** "Checked against the source and current": each table's reviews, append-only. */
export const referenceDataReviews = pgTable('reference_data_reviews', {
  id: uuid().primaryKey().defaultRandom(),
  table: text({ enum: ['mpr', 'holidays', 'charges'] }).notNull(),
  source: text().notNull(),
  reviewedBy: uuid()
    .notNull()
    .references(() => users.id),
  reviewedByName: text().notNull(),
  reviewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
