import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { payrollVersions } from '../payroll/payroll-versions.schema';
import { bills } from './bills.schema';

/**
 * Where a PAYE bill's employees came from (docs/decisions/0047): the payroll on file or a file sent
 * with the bill, and the payroll version on file when it was made (null when none was kept).
 */
export const billPayrollSources = pgTable('bill_payroll_sources', {
  billId: uuid()
    .primaryKey()
    .references(() => bills.id, { onDelete: 'cascade' }),
  source: text({ enum: ['payroll', 'file'] }).notNull(),
  payrollVersionId: uuid().references(() => payrollVersions.id, { onDelete: 'set null' }),
});
