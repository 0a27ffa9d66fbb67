import { ZERO_KOBO } from '@levy/tax';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
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

/**
 * The double-entry ledger (docs/product.md "Wallets and transactions"; decision 0004).
 * Accounts: wallets (an organisation's, or a corporation's) and system accounts. A journal is one
 * business event; its entries sum to zero (a deferred trigger checks every journal at commit).
 * Entries are never updated or deleted (triggers refuse it): corrections are reversing journals.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({
      enum: [
        'organisation_wallet',
        'corporation_wallet',
        'funding_clearing',
        'fee_revenue',
        'agency_settlement',
        'payout_clearing',
      ],
    }).notNull(),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'restrict' }),
    corporationId: uuid().references(() => corporations.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_organisation_wallet_unique')
      .on(table.organisationId)
      .where(sql`${table.kind} = 'organisation_wallet'`),
    uniqueIndex('ledger_accounts_corporation_wallet_unique')
      .on(table.corporationId)
      .where(sql`${table.kind} = 'corporation_wallet'`),
    uniqueIndex('ledger_accounts_system_unique')
      .on(table.kind)
      .where(sql`${table.organisationId} is null`),
    // An organisation's wallets of some kinds at once: its history and its total balance.
    index('ledger_accounts_organisation_kind_idx').on(table.organisationId, table.kind),
  ],
);

export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid().references(() => organisations.id, { onDelete: 'restrict' }),
    kind: text({ enum: ['funding', 'bill_payment', 'reversal', 'withdrawal'] }).notNull(),
    /** Unique business reference: a provider's transfer reference makes a webhook apply once. */
    reference: text().notNull().unique(),
    description: text().notNull(),
    status: text({ enum: ['success', 'pending', 'failed'] })
      .notNull()
      .default('success'),
    reversesJournalId: uuid(),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_journals_organisation_idx').on(table.organisationId, table.createdAt)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    /** Posting order: the latest entry of an account carries its balance. */
    sequence: bigserial({ mode: 'number' }).primaryKey(),
    journalId: uuid()
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed kobo: positive raises the account's balance, negative lowers it. */
    amountKobo: kobo().notNull(),
    /** Set by the database on insert (migration 0004): the previous balance plus this amount. */
    balanceAfterKobo: kobo().notNull().default(ZERO_KOBO),
    /** Wallets may never go below zero; system accounts may (funding clearing mirrors what came in). */
    isWallet: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.sequence),
    index('ledger_entries_journal_idx').on(table.journalId),
    check('ledger_entries_amount_not_zero', sql`${table.amountKobo} <> 0`),
    check('ledger_entries_wallet_not_negative', sql`not ${table.isWallet} or ${table.balanceAfterKobo} >= 0`),
  ],
);

/**
 * The bank account a wallet is funded through, at the payment provider: a customer there, then an
 * account the provider assigns later (pending until then; failed with its reason if it refuses).
 */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    walletId: uuid()
      .notNull()
      .unique()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    provider: text().notNull(),
    status: text({ enum: ['pending', 'assigned', 'failed'] })
      .notNull()
      .default('pending'),
    customerCode: text().unique(),
    accountNumber: text().unique(),
    /** The provider's name for the bank (its slug), which a requery names. */
    bankSlug: text(),
    bankName: text(),
    accountName: text(),
    failureReason: text(),
    /** When Levy last asked the provider for the account: a pending one is asked again after a while. */
    requestedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'virtual_accounts_assigned_has_account',
      sql`(${table.status} = 'assigned') = (${sql.join(
        [table.accountNumber, table.bankName, table.bankSlug, table.accountName].map(
          (column) => sql`${column} is not null`,
        ),
        sql` and `,
      )})`,
    ),
  ],
);

/**
 * Money out of a wallet to the organisation's own bank account, by a transfer at the payment
 * provider (decision 0043). `reference` is the provider's transfer reference, Levy's idempotency
 * key there. A withdrawal may wait for approval (nothing held), be declined, or start: the wallet is
 * debited into payout clearing (the `hold` journal) before the transfer is asked for; a failed or
 * reversed transfer credits it back (the `return` journal).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    walletId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    reference: text().notNull().unique(),
    amountKobo: kobo().notNull(),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    accountNumber: text().notNull(),
    accountName: text().notNull(),
    status: text({ enum: ['awaiting_approval', 'rejected', 'processing', 'paid', 'failed', 'reversed'] }).notNull(),
    /** Why it waits for approval, or why it was declined, failed or reversed. */
    note: text(),
    recipientCode: text(),
    transferCode: text(),
    requestedBy: uuid()
      .notNull()
      .references(() => users.id),
    decidedBy: uuid().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    returnedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('withdrawals_organisation_idx').on(table.organisationId, table.createdAt),
    check('withdrawals_amount_positive', sql`${table.amountKobo} > 0`),
    check('withdrawals_account_number_nuban', sql`${table.accountNumber} ~ '^[0-9]{10}$'`),
    check(
      'withdrawals_status_known',
      sql`${table.status} in ('awaiting_approval', 'rejected', 'processing', 'paid', 'failed', 'reversed')`,
    ),
    check('withdrawals_paid_has_date', sql`${table.status} <> 'paid' or ${table.paidAt} is not null`),
    check(
      'withdrawals_returned_has_date',
      sql`(${table.status} in ('failed', 'reversed')) = (${table.returnedAt} is not null)`,
    ),
  ],
);

/**
 * The journals of a withdrawal: at most one hold (the wallet debited as the transfer starts) and
 * one return (credited back after a failure or reversal), whatever retries or concurrent webhooks
 * do (decision 0043).
 */
export const withdrawalJournals = pgTable(
  'withdrawal_journals',
  {
    withdrawalId: uuid()
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'restrict' }),
    kind: text({ enum: ['hold', 'return'] }).notNull(),
    journalId: uuid()
      .notNull()
      .unique()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.withdrawalId, table.kind] }),
    check('withdrawal_journals_kind_known', sql`${table.kind} in ('hold', 'return')`),
  ],
);

/**
 * What the daily funding reconciliation found between the provider's transfers and the ledger's
 * credits (decision 0044): a transfer the ledger lacked (credited then, or not), a credit the
 * provider does not list as a successful transfer, or amounts that differ. One row per kind and
 * provider transaction, so a second run records (and mails) nothing twice.
 */
export const fundingDifferences = pgTable(
  'funding_differences',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    walletId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    kind: text({ enum: ['missing_credit', 'unknown_credit', 'amount_mismatch'] }).notNull(),
    provider: text().notNull(),
    /** The provider's transaction id (the ledger's reference is built from it). */
    transactionId: text().notNull(),
    providerReference: text(),
    /** What the provider says, and its status; null when it knows no such transaction. */
    providerAmountKobo: kobo(),
    providerStatus: text(),
    /** What the ledger credited; null when it had not. */
    ledgerAmountKobo: kobo(),
    /** `credited`: the reconciliation credited it; `to_check`: a person must look. */
    resolution: text({ enum: ['credited', 'to_check'] }).notNull(),
    detectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('funding_differences_once').on(table.provider, table.kind, table.transactionId),
    index('funding_differences_organisation_idx').on(table.organisationId, table.detectedAt),
  ],
);
