import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { kobo, timestamps } from '../../db/columns';
import { bills } from '../bills/bills.schema';
import { corporations } from '../corporations/corporations.schema';
import { organisations } from '../accounts/organisations.schema';

/**
 * The people and companies an organisation has withheld tax from, by Tax ID (decision 0023):
 * added when a WHT bill paying them is paid, with the name on the latest such bill. The email is
 * the organisation's own, set on the vendors screen, to send a vendor their credit notes.
 */
export const vendors = pgTable(
  'vendors',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    taxPayerNumber: text().notNull(),
    name: text().notNull(),
    email: text(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.taxPayerNumber] })],
);

/**
 * One credit note per payee row of a paid WHT bill: what the vendor was paid and what was withheld,
 * written in the transaction that records the payment, so a vendor's totals per year and notes are
 * small indexed reads instead of a scan of every bill's item pages (decision 0023).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    /** The payee's row in the bill's file. */
    rowNumber: integer().notNull(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    corporationId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    taxPayerNumber: text().notNull(),
    /** The payee's name as the bill gave it. */
    name: text().notNull(),
    billReference: text().notNull(),
    whtType: text().notNull(),
    /** The bill's first day, YYYY-MM-DD; its year is the year the totals count it in. */
    periodStart: text().notNull(),
    /** Null when the tax was declared by hand without the payment it was withheld from. */
    grossKobo: kobo(),
    taxKobo: kobo().notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.billId, table.rowNumber] }),
    index('credit_notes_vendor_idx').on(table.organisationId, table.taxPayerNumber, table.periodStart),
  ],
);
