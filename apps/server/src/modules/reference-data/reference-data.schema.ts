import type { ChargeSchedule, WhtRateCell } from '@levy/tax';
import { REFERENCE_TABLE_CODES } from '@levy/contracts';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/identity.schema';

/**
 * Rows platform staff add to the engine's dated reference tables (decision 0025): the
 * engine reads the seed tables in `packages/tax` merged with these. Rows are never edited or
 * deleted; a correction is a later row for the same day.
 */
export const referenceDataRows = pgTable('reference_data_rows', {
  id: uuid().primaryKey().defaultRandom(),
  table: text({ enum: REFERENCE_TABLE_CODES }).notNull(),
  /** MPR, charges and WHT: the day the row applies from; holidays: the holiday. YYYY-MM-DD. */
  from: text().notNull(),
  /** MPR only, basis points (a WHT row's rate is in `whtCell`). */
  rateBps: integer(),
  /** Holidays only. */
  name: text(),
  /** Charges only: the whole schedule in force from `from`, amounts in kobo. */
  chargeSchedule: jsonb().$type<ChargeSchedule>(),
  /** WHT only: the type, kind of payee and residency, and the rate in basis points. */
  whtCell: jsonb().$type<WhtRateCell>(),
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
  table: text({ enum: REFERENCE_TABLE_CODES }).notNull(),
  source: text().notNull(),
  reviewedBy: uuid()
    .notNull()
    .references(() => users.id),
  reviewedByName: text().notNull(),
  reviewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a collector's tax is remitted from a tax month on (decision 0035): the gateway, and the
 * biller and product (service type) that collector has on it, with the source staff read them
 * from. Append-only like the rows above: a later row for the same collector and tax replaces it
 * from its month.
 */
export const remittanceRoutes = pgTable(
  'remittance_routes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** A state's code, or NRS. */
    collector: text().notNull(),
    tax: text({ enum: ['paye', 'wht'] }).notNull(),
    gateway: text({ enum: ['remita'] }).notNull(),
    billerId: text().notNull(),
    serviceTypeId: text().notNull(),
    /** YYYY-MM: the first tax month paid this way. */
    from: text().notNull(),
    source: text().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('remittance_routes_collector_tax_idx').on(table.collector, table.tax, table.from)],
);
