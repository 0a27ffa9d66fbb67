import { sql } from 'drizzle-orm';
import type { Kobo } from '@levy/tax';
import { bigserial, index, integer, json, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kobo } from '../../db/columns';
import { corporations } from '../corporations/corporations.schema';
import { users } from '../identity/identity.schema';
import { organisations } from '../organisations/organisations.schema';
import { states } from '../reference/reference.schema';

/** The serial in a bill reference, `PAYE-LA-2026-10-000123`: one sequence for every bill. */
export const billSerial = pgSequence('bill_serial', { startWith: 1 });

/**
 * A PAYE or WHT bill for one corporation in one state and period (product-design "Bills").
 * Status: pending → awaiting_payment_confirmation (PAYE) or payment_pending (WHT) → payment_paid,
 * or failed (refunded by a reversing journal). `idempotency_key` makes a retried Pay one bill.
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid().primaryKey().defaultRandom(),
    reference: text().notNull().unique(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    corporationId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'restrict' }),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    type: text({ enum: ['paye', 'wht'] }).notNull(),
    /** The WHT type code (rent, professional_fees …); null for PAYE. */
    whtType: text(),
    taxPayerNumber: text().notNull(),
    periodStart: text().notNull(),
    periodEnd: text().notNull(),
    amountDueKobo: kobo().notNull(),
    feeKobo: kobo().notNull(),
    vatKobo: kobo().notNull(),
    chargeKobo: kobo().notNull(),
    totalKobo: kobo().notNull(),
    recipientCount: integer().notNull(),
    status: text({ enum: ['pending', 'awaiting_payment_confirmation', 'payment_pending', 'payment_paid', 'failed', 'cancelled'] }).notNull(),
    agencyReference: text(),
    receiptNumber: text(),
    /** The ledger journal that paid it, and the one that refunded it. */
    paymentJournalId: uuid(),
    refundJournalId: uuid(),
    failureReason: text(),
    idempotencyKey: text(),
    createdBy: uuid().references(() => users.id),
    createdByName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bills_organisation_idempotency_unique').on(table.organisationId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
    index('bills_organisation_created_idx').on(table.organisationId, table.createdAt),
    index('bills_corporation_state_period_idx').on(table.corporationId, table.stateId, table.periodStart),
  ],
);

/**
 * One recipient of a bill as a page stores it: row, tax_payer_number, name, amount (PAYE: the
 * month's gross income; WHT: the payment, null when the tax was declared by hand), tax_payable,
 * and for PAYE the engine's figure, nationality, designation and the income columns in the
 * template's order (basic_salary … other_allowances); null for WHT.
 */
export type BillItemTuple = [
  rowNumber: number,
  taxPayerNumber: string,
  name: string,
  amountKobo: Kobo | null,
  taxPayableKobo: Kobo,
  expectedTaxKobo: Kobo | null,
  nationality: string | null,
  designation: string | null,
  incomesKobo: Kobo[] | null,
];

/** A bill's recipients, a thousand to a row (db/item-pages.ts, decision 0008). */
export const billItemPages = pgTable(
  'bill_item_pages',
  {
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    page: integer().notNull(),
    /** `json`, not `jsonb`: PostgreSQL keeps the text as given and never looks inside it. */
    items: json().notNull().$type<BillItemTuple[]>(),
  },
  (table) => [primaryKey({ columns: [table.billId, table.page] })],
);

/** Every status a bill went through, with why; `sequence` orders events written in one transaction. */
export const billEvents = pgTable(
  'bill_events',
  {
    sequence: bigserial({ mode: 'number' }).primaryKey(),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    note: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bill_events_bill_idx').on(table.billId, table.at)],
);

/** A bulk WHT calculation (auto method, multiple payees): a file's amounts with the tax on each. */
export const whtCalcRecords = pgTable('wht_calc_records', {
  id: uuid().primaryKey().defaultRandom(),
  reference: text().notNull().unique(),
  organisationId: uuid()
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  whtType: text().notNull(),
  period: text().notNull(),
  rateBps: integer().notNull(),
  itemCount: integer().notNull(),
  amountKobo: kobo().notNull(),
  taxPayableKobo: kobo().notNull(),
  createdBy: uuid().references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One calculated payee, as a page stores it: row, tax_payer_number, name, amount and tax in kobo. */
export type WhtCalcItemTuple = [rowNumber: number, taxPayerNumber: string, name: string, amountKobo: Kobo, taxPayableKobo: Kobo];

/** A calculation's payees, a thousand to a row (db/item-pages.ts, decision 0008). */
export const whtCalcPages = pgTable(
  'wht_calc_pages',
  {
    recordId: uuid()
      .notNull()
      .references(() => whtCalcRecords.id, { onDelete: 'cascade' }),
    page: integer().notNull(),
    /** `json`, not `jsonb`: PostgreSQL keeps the text as given and never looks inside it. */
    items: json().notNull().$type<WhtCalcItemTuple[]>(),
  },
  (table) => [primaryKey({ columns: [table.recordId, table.page] })],
);
