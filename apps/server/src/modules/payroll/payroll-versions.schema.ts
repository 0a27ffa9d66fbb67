import type { Kobo } from '@levy/tax';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kobo } from '../../db/columns';
import { users } from '../accounts/identity.schema';
import { corporationStates } from '../states/states.schema';
import { payrollUploads } from './payroll.schema';

/** One employee of a payroll version: what two versions, or a version and a bill, are compared by. */
export type PayrollVersionEmployee = [
  taxPayerNumber: string,
  name: string,
  grossIncomeKobo: Kobo,
  taxPayableKobo: Kobo,
];

/**
 * Each payroll accepted for a registration, kept as a numbered version (docs/decisions/0047): the
 * employee list is replaced by each upload, the versions are not. `hash` is SHA-256 of the
 * employees in file order (payroll-versions.ts), so an unchanged payroll uploaded again is seen
 * to be one.
 */
export const payrollVersions = pgTable(
  'payroll_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    corporationStateId: uuid()
      .notNull()
      .references(() => corporationStates.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    uploadId: uuid()
      .notNull()
      .references(() => payrollUploads.id, { onDelete: 'cascade' }),
    employeeCount: integer().notNull(),
    totalTaxPayableKobo: kobo().notNull(),
    hash: text().notNull(),
    employees: jsonb().$type<PayrollVersionEmployee[]>().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payroll_versions_number_unique').on(table.corporationStateId, table.number)],
);
