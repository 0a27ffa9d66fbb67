import type { AnnualReturn, AnnualReturnBillRow } from '@levy/tax';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kobo } from '../../db/columns';
import { corporations } from '../corporations/corporations.schema';
import { users } from '../accounts/identity.schema';
import { organisations } from '../accounts/organisations.schema';
import { states } from '../reference/reference.schema';

/**
 * Each version of an employer's annual return (Form H1) filed with a state revenue service: one
 * row per submission, never changed. Version 1 is the first filing; an amendment adds the next
 * version with why. `content` is the return as filed (kobo), so a filed return reads the same
 * whatever happens to the bills after.
 */
export const annualReturns = pgTable(
  'annual_returns',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    corporationId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'restrict' }),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    year: integer().notNull(),
    version: integer().notNull(),
    /**
     * The revenue service's acknowledgement. Filed by hand on the collector's portal (decision
     * 0045), it is null until the user records what the portal gave: set once, never changed.
     */
    agencyReference: text(),
    /** Filed by the user on the collector's portal with Levy's schedule file, not by Levy. */
    filedManually: boolean().notNull().default(false),
    acknowledgementRecordedBy: uuid().references(() => users.id),
    acknowledgementRecordedAt: timestamp({ withTimezone: true }),
    /** Why an amendment was filed; null for version 1. */
    reason: text(),
    content: json().notNull().$type<AnnualReturn>(),
    filedBy: uuid().references(() => users.id),
    filedByName: text().notNull(),
    filedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('annual_returns_version_unique').on(table.corporationId, table.stateId, table.year, table.version),
    index('annual_returns_organisation_idx').on(table.organisationId),
  ],
);

/**
 * A submission on its way to the revenue service: one per corporation, state and year at a time,
 * taken before the agency is called and given back once the version is stored or the agency
 * refused. Two admins pressing Submit together file once; the second is told at once.
 */
export const annualReturnClaims = pgTable(
  'annual_return_claims',
  {
    corporationId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    year: integer().notNull(),
    version: integer().notNull(),
    claimedByName: text().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.corporationId, table.stateId, table.year] })],
);

/**
 * A month's PAYE paid on the state's own portal before the corporation used Levy: recorded, never
 * paid through Levy. The year's annual return counts it; alerts treat the month as paid. One per
 * corporation, state and month. `rows` are the month's employees when a payroll file was given
 * (the return's row shape, kobo); null when only the total is on record.
 */
export const priorPayePayments = pgTable(
  'prior_paye_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    corporationId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    taxMonth: text().notNull(),
    amountKobo: kobo().notNull(),
    agencyReference: text().notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    rows: jsonb().$type<AnnualReturnBillRow[]>(),
    fileName: text(),
    recordedBy: uuid().references(() => users.id),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('prior_paye_payments_month_unique').on(table.corporationId, table.stateId, table.taxMonth),
    index('prior_paye_payments_organisation_idx').on(table.organisationId),
    check('prior_paye_payments_tax_month_format', sql`${table.taxMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('prior_paye_payments_amount_positive', sql`${table.amountKobo} > 0`),
    check('prior_paye_payments_paid_in_or_after_month', sql`to_char(${table.paidOn}, 'YYYY-MM') >= ${table.taxMonth}`),
  ],
);
