import type { Kobo, PayeReliefHeader } from '@levy/tax';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { kobo } from '../../db/columns';
import { users } from '../accounts/identity.schema';
import { files } from '../accounts/organisations.schema';
import { states } from '../reference/reference.schema';
import { corporationStates } from '../states/states.schema';

/** Each payroll file accepted for a corporation-state; the latest one is the employee list. */
export const payrollUploads = pgTable(
  'payroll_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    corporationStateId: uuid()
      .notNull()
      .references(() => corporationStates.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    employeeCount: integer().notNull(),
    totalTaxPayableKobo: kobo().notNull(),
    /**
     * The agency's filing reference. Filed by hand on the collector's portal (decision 0045), it is
     * null until the user records the acknowledgement the portal gave: set once, never changed.
     */
    agencyReference: text(),
    /** Registered by the user on the collector's portal with Levy's schedule file, not by Levy. */
    filedManually: boolean().notNull().default(false),
    acknowledgementRecordedBy: uuid().references(() => users.id),
    acknowledgementRecordedAt: timestamp({ withTimezone: true }),
    uploadedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payroll_uploads_corporation_state_idx').on(table.corporationStateId, table.createdAt)],
);

/** The employees of the latest payroll file, one row per CSV row, money in kobo. */
export const payrollEmployees = pgTable(
  'payroll_employees',
  {
    id: uuid().primaryKey().defaultRandom(),
    corporationStateId: uuid()
      .notNull()
      .references(() => corporationStates.id, { onDelete: 'cascade' }),
    uploadId: uuid()
      .notNull()
      .references(() => payrollUploads.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    taxPayerNumber: text().notNull(),
    name: text().notNull(),
    nationality: text().notNull(),
    designation: text().notNull(),
    grossIncomeKobo: kobo().notNull(),
    taxPayableKobo: kobo().notNull(),
    /** Allowance column → kobo, for the template's allowance columns. */
    allowancesKobo: jsonb().$type<Record<string, Kobo>>().notNull(),
    /** The reliefs the file declared for the employee (optional columns; monthly kobo, annual_rent a year's); null when none. */
    reliefsKobo: jsonb().$type<Partial<Record<PayeReliefHeader, Kobo>>>(),
    /** The state the employee lives in, where the file gave one: PAYE is owed there. */
    residenceStateId: integer().references(() => states.id),
  },
  (table) => [index('payroll_employees_corporation_state_idx').on(table.corporationStateId, table.rowNumber)],
);
