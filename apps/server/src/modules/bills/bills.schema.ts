import { sql } from 'drizzle-orm';
import { ZERO_KOBO, type Kobo, type PayeDeclaredReliefs } from '@levy/tax';

/** A PAYE bill's employees resident in other states, and whether they were paid for here. */
export interface BillResidentsElsewhere {
  included: boolean;
  states: Array<{
    code: string;
    name: string;
    revenueService: string;
    /** All of them; `employees` names the first RESIDENTS_NAMED. Absent on bills that named every one. */
    employeeCount?: number;
    employees: Array<{ row: number; taxPayerNumber: string; name: string }>;
  }>;
}
import {
  bigserial,
  boolean,
  index,
  integer,
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

/** The statuses a bill moves through (docs/product.md "Bills"). */
export const BILL_STATUS_VALUES = [
  'pending',
  'awaiting_approval',
  'awaiting_payment_confirmation',
  'payment_pending',
  'payment_paid',
  'failed',
  'declined',
  'cancelled',
] as const;

/**
 * A PAYE or WHT bill for one corporation in one state and period (docs/product.md "Bills").
 * Status: [awaiting_approval →] awaiting_payment_confirmation (PAYE) or payment_pending (WHT) →
 * payment_paid; or failed (refunded by a reversing journal), declined (an admin refused it) or
 * cancelled (withdrawn before the agency accepted it; refunded when it was paid from the wallet).
 * `idempotency_key` makes a retried Pay one bill. The reference's serial counts the bills of one
 * corporation, state, tax and month (`bill_numbers`), so it is unique per corporation.
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid().primaryKey().defaultRandom(),
    reference: text().notNull(),
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
    status: text({ enum: BILL_STATUS_VALUES }).notNull(),
    agencyReference: text(),
    receiptNumber: text(),
    /** The ledger journal that paid it, and the one that refunded it. */
    paymentJournalId: uuid(),
    refundJournalId: uuid(),
    failureReason: text(),
    /** A second bill for a month already paid or under way, made on purpose, and why. */
    supplementary: boolean().notNull().default(false),
    supplementaryReason: text(),
    /**
     * PAYE: the employees of the file who live in another state (docs/tax-rules.md §8), by state;
     * `included` when the preparer confirmed paying their PAYE here, with the reason. Null: none.
     */
    residentsElsewhere: jsonb().$type<BillResidentsElsewhere>(),
    residentsElsewhereReason: text(),
    /** WHT: the payees' Tax IDs and taxes, sorted and hashed; a bill with the same set in the same month is a duplicate. */
    payeesFingerprint: text(),
    /** The admin who approved a bill that waited, and when. */
    approvedBy: uuid().references(() => users.id),
    approvedByName: text(),
    approvedAt: timestamp({ withTimezone: true }),
    /** Why a bill was declined or cancelled, in the words of who did it. */
    closedReason: text(),
    /**
     * The remittance gateway's part (Remita): `agencyReference` holds the RRR and `receiptNumber`
     * Remita's payment reference. Its charge beyond the tax (its amount due less the tax) is paid
     * from the wallet with the tax. The notification's transaction id is stored before it is sent,
     * so its status can always be asked; the gateway's last word on the payment and when it was
     * said; and when the gateway confirmed it paid.
     */
    gatewayChargeKobo: kobo().notNull().default(ZERO_KOBO),
    gatewayTransactionId: text(),
    gatewayOutcome: text({ enum: ['paid', 'pending', 'failed', 'unknown', 'absent', 'unavailable'] }),
    gatewayStatus: text(),
    gatewayCheckedAt: timestamp({ withTimezone: true }),
    gatewayConfirmedAt: timestamp({ withTimezone: true }),
    /** Set while an attempt to settle with the agency is under way: a bill is not cancelled under it. */
    settlingUntil: timestamp({ withTimezone: true }),
    idempotencyKey: text(),
    /** What the key was sent with (http/idempotency.ts): the key replays only that request. */
    idempotencyFingerprint: text(),
    createdBy: uuid().references(() => users.id),
    createdByName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bills_corporation_reference_unique').on(table.corporationId, table.reference),
    uniqueIndex('bills_organisation_idempotency_unique')
      .on(table.organisationId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('bills_organisation_created_idx').on(table.organisationId, table.createdAt),
    index('bills_corporation_state_period_idx').on(table.corporationId, table.stateId, table.periodStart),
    index('bills_organisation_status_idx').on(table.organisationId, table.status),
  ],
);

/**
 * The last bill number taken per corporation, state, tax and month (`PAYE-LA-2026-10-000003`):
 * taken in the transaction that stores the bill, so a refused or rolled-back payment leaves no
 * gap, and its row lock makes concurrent bills of one month wait for each other.
 */
export const billNumbers = pgTable(
  'bill_numbers',
  {
    corporationId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    type: text({ enum: ['paye', 'wht'] }).notNull(),
    /** The tax month, YYYY-MM. */
    period: text().notNull(),
    lastNumber: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.corporationId, table.stateId, table.type, table.period] })],
);

/**
 * One recipient of a bill as a page stores it: row, tax_payer_number, name, amount (PAYE: the
 * month's gross income; WHT: the payment, null when the tax was declared by hand), tax_payable,
 * and for PAYE the engine's figure, nationality, designation and the income columns in the
 * template's order (basic_salary … other_allowances); null for WHT. Last, only for an employee who
 * declared reliefs, those declared (monthly kobo; annual_rent a year's): absent when none was, so
 * a payroll without relief columns is stored as before.
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
  declaredReliefs?: PayeDeclaredReliefs,
];

/** A bill's recipients, a thousand to a row (db/item-pages.ts, decision 0008). */
export const billItemPages = pgTable(
  'bill_item_pages',
  {
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    page: integer().notNull(),
    /** The page's JSON array of BillItemTuple as the app wrote it: text, which PostgreSQL stores without parsing (decision 0026). */
    items: text().notNull(),
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
  /** Whose rates and payees: a State IRS's (individuals) or the federal NRS's (companies); a bill takes the calculation only for its own. */
  collector: text().$type<'state' | 'federal'>().notNull().default('state'),
  itemCount: integer().notNull(),
  amountKobo: kobo().notNull(),
  taxPayableKobo: kobo().notNull(),
  createdBy: uuid().references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One calculated payee, as a page stores it: row, tax_payer_number, name, amount and tax in kobo. */
export type WhtCalcItemTuple = [
  rowNumber: number,
  taxPayerNumber: string,
  name: string,
  amountKobo: Kobo,
  taxPayableKobo: Kobo,
];

/** A calculation's payees, a thousand to a row (db/item-pages.ts, decision 0008). */
export const whtCalcPages = pgTable(
  'wht_calc_pages',
  {
    recordId: uuid()
      .notNull()
      .references(() => whtCalcRecords.id, { onDelete: 'cascade' }),
    page: integer().notNull(),
    /** The page's JSON array of WhtCalcItemTuple as the app wrote it: text, which PostgreSQL stores without parsing (decision 0026). */
    items: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.recordId, table.page] })],
);

/**
 * Verify-page lookups counted per address for its limit (decision 0009: reserved before the code
 * is judged, in the database so every API process sees the same count). A genuine code gives its
 * reservation back, so the rows are the misses; each lookup deletes its address's rows older than
 * the window.
 */
export const receiptVerificationAttempts = pgTable(
  'receipt_verification_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    ipAddress: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('receipt_verification_attempts_ip_idx').on(table.ipAddress, table.createdAt)],
);

/**
 * Credit notes mailed, counted for their limits (decision 0042): per user and per note, reserved in
 * the transaction that writes the mail so every API process sees the same count (decision 0009).
 * Each send deletes its user's rows older than the longest window.
 */
export const creditNoteSends = pgTable(
  'credit_note_sends',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billId: uuid()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('credit_note_sends_user_idx').on(table.userId, table.createdAt),
    index('credit_note_sends_note_idx').on(table.billId, table.rowNumber, table.createdAt),
  ],
);
