import type { ListParams } from '@levy/contracts';
import { asKobo, ZERO_KOBO, type Kobo } from '@levy/tax';
import { and, asc, desc, eq, gte, ilike, inArray, like, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  isAnyOf,
  preparedQuery,
  preparedVariants,
  sortOfVariant,
  sortVariant,
  type SortVariant,
} from '../../db/prepared';
import { filterConditions, type FilterField } from '../../db/list-filters';
import { containsPattern, pageWindow, readPage, totalRows } from '../../db/pagination';
import { invalidInput } from '../../errors';
import {
  fundingDifferences,
  ledgerAccounts,
  ledgerEntries,
  ledgerJournals,
  virtualAccounts,
  withdrawalJournals,
  withdrawals,
} from './wallets.schema';

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerJournal = typeof ledgerJournals.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type WalletKind = 'organisation_wallet' | 'corporation_wallet';
export type SystemAccountKind = 'funding_clearing' | 'fee_revenue' | 'agency_settlement' | 'payout_clearing';
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalStatus = WithdrawalRow['status'];

/** The balance of an account: the balance after its latest entry, zero before any. */
const latestBalance =
  sql<Kobo>`coalesce((select ${ledgerEntries.balanceAfterKobo} from ${ledgerEntries} where ${ledgerEntries.accountId} = ${ledgerAccounts.id} order by
    ${ledgerEntries.sequence} desc limit 1), 0)::bigint`.mapWith((value) => asKobo(Number(value)));

const balanceOfAccount = preparedQuery((executor) =>
  executor
    .select({ balance: ledgerEntries.balanceAfterKobo })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, sql.placeholder('accountId')))
    .orderBy(desc(ledgerEntries.sequence))
    .limit(1)
    .prepare('balance_of_account'),
);

/** An account's balance after its latest entry; every payment and wallet card asks, so it is prepared. */
export async function findBalance(executor: Db, accountId: string): Promise<Kobo> {
  const [latest] = await balanceOfAccount(executor, { accountId });
  return latest?.balance ?? ZERO_KOBO;
}

export async function findSystemAccountId(executor: Db, kind: SystemAccountKind): Promise<string | undefined> {
  const [account] = await executor
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, kind));
  return account?.id;
}

export async function insertSystemAccounts(
  executor: Db,
  accounts: Array<{ kind: SystemAccountKind; name: string }>,
): Promise<void> {
  await executor
    .insert(ledgerAccounts)
    .values(accounts)
    .onConflictDoNothing({ target: ledgerAccounts.kind, where: sql`${ledgerAccounts.organisationId} is null` });
}

/** Locks the accounts (of `kinds` only, when given) in id order, so two journals never wait on each other in a cycle. */
export function lockAccounts(
  tx: Db,
  accountIds: string[],
  kinds?: ReadonlyArray<LedgerAccount['kind']>,
): Promise<LedgerAccount[]> {
  const among = inArray(ledgerAccounts.id, accountIds);
  return tx
    .select()
    .from(ledgerAccounts)
    .where(kinds ? and(among, inArray(ledgerAccounts.kind, kinds)) : among)
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

/** Inserts a journal unless its reference exists; undefined means it did. */
export async function insertJournal(tx: Db, journal: typeof ledgerJournals.$inferInsert): Promise<string | undefined> {
  const [row] = await tx
    .insert(ledgerJournals)
    .values(journal)
    .onConflictDoNothing({ target: ledgerJournals.reference })
    .returning({ id: ledgerJournals.id });
  return row?.id;
}

export async function insertEntries(tx: Db, entries: Array<typeof ledgerEntries.$inferInsert>): Promise<void> {
  await tx.insert(ledgerEntries).values(entries);
}

export async function findJournal(executor: Db, journalId: string): Promise<LedgerJournal | undefined> {
  const [row] = await executor.select().from(ledgerJournals).where(eq(ledgerJournals.id, journalId));
  return row;
}

export async function findJournalByReference(executor: Db, reference: string): Promise<LedgerJournal | undefined> {
  const [row] = await executor.select().from(ledgerJournals).where(eq(ledgerJournals.reference, reference));
  return row;
}

export function findEntriesOfJournal(executor: Db, journalId: string): Promise<LedgerEntry[]> {
  return executor.select().from(ledgerEntries).where(eq(ledgerEntries.journalId, journalId));
}

/** A wallet of a kind by its owner; an organisation's and a corporation's differ only in the owner column. */
const walletOwnedBy = (owner: AnyPgColumn, statementName: string) =>
  preparedQuery((executor) =>
    executor
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, sql.placeholder('kind')), eq(owner, sql.placeholder('ownerId'))))
      .prepare(statementName),
  );

const walletOf = {
  organisation: walletOwnedBy(ledgerAccounts.organisationId, 'wallet_of_organisation'),
  corporation: walletOwnedBy(ledgerAccounts.corporationId, 'wallet_of_corporation'),
};

/** The wallet of a kind of an organisation or corporation; wallet calls ask every time, so it is prepared. */
export async function findWallet(
  executor: Db,
  kind: WalletKind,
  owner: { organisationId: string; corporationId: string | null },
): Promise<LedgerAccount | undefined> {
  const [row] = owner.corporationId
    ? await walletOf.corporation(executor, { kind, ownerId: owner.corporationId })
    : await walletOf.organisation(executor, { kind, ownerId: owner.organisationId });
  return row;
}

/** Inserts a wallet unless one exists for its owner; undefined means it did. */
export async function insertWallet(
  tx: Db,
  wallet: { kind: WalletKind; organisationId: string; corporationId: string | null; name: string },
): Promise<LedgerAccount | undefined> {
  const [row] = await tx.insert(ledgerAccounts).values(wallet).onConflictDoNothing().returning();
  return row;
}

export async function insertVirtualAccount(tx: Db, account: typeof virtualAccounts.$inferInsert): Promise<void> {
  await tx.insert(virtualAccounts).values(account);
}

const walletsWithBalances = preparedQuery((executor) =>
  executor
    .select({ wallet: ledgerAccounts, account: virtualAccounts, balance: latestBalance })
    .from(ledgerAccounts)
    .innerJoin(virtualAccounts, eq(virtualAccounts.walletId, ledgerAccounts.id))
    .where(isAnyOf(ledgerAccounts.id, 'ids'))
    .prepare('wallets_with_balances'),
);

/** Wallets with their accounts and balances; the dashboard asks on every load, so it is prepared. */
export function findWalletsWithBalances(executor: Db, walletIds: string[]) {
  return walletsWithBalances(executor, { ids: walletIds });
}

export async function findWalletWithAccount(executor: Db, walletId: string) {
  const [row] = await executor
    .select({ wallet: ledgerAccounts, account: virtualAccounts })
    .from(ledgerAccounts)
    .innerJoin(virtualAccounts, eq(virtualAccounts.walletId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.id, walletId));
  return row;
}

export async function findWalletByAccountNumber(executor: Db, accountNumber: string) {
  const [row] = await executor
    .select({ wallet: ledgerAccounts, account: virtualAccounts })
    .from(virtualAccounts)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, virtualAccounts.walletId))
    .where(eq(virtualAccounts.accountNumber, accountNumber));
  return row;
}

/** Claims a pending account for a request to the provider, unless one was made in the last `retryAfterMs`. */
export async function claimAccountRequest(executor: Db, walletId: string, retryAfterMs: number): Promise<boolean> {
  const claimed = await executor
    .update(virtualAccounts)
    .set({ requestedAt: sql`now()` })
    .where(
      and(
        eq(virtualAccounts.walletId, walletId),
        eq(virtualAccounts.status, 'pending'),
        sql`(${virtualAccounts.requestedAt} is null or ${virtualAccounts.requestedAt} < now() - make_interval(secs => ${retryAfterMs / 1000}))`,
      ),
    )
    .returning({ id: virtualAccounts.id });
  return claimed.length > 0;
}

export async function setCustomerCode(executor: Db, walletId: string, customerCode: string): Promise<void> {
  await executor.update(virtualAccounts).set({ customerCode }).where(eq(virtualAccounts.walletId, walletId));
}

/** Records the provider's answer about a customer's account; false when no wallet has that customer. */
export async function settleAccountAssignment(
  executor: Db,
  customerCode: string,
  outcome:
    | { status: 'assigned'; accountNumber: string; accountName: string; bankName: string; bankSlug: string }
    | { status: 'failed'; failureReason: string },
): Promise<boolean> {
  const updated = await executor
    .update(virtualAccounts)
    .set(
      outcome.status === 'assigned'
        ? { ...outcome, failureReason: null }
        : { ...outcome, accountNumber: null, accountName: null, bankName: null, bankSlug: null },
    )
    .where(eq(virtualAccounts.customerCode, customerCode))
    .returning({ id: virtualAccounts.id });
  return updated.length > 0;
}

const walletBalancesTotal = preparedQuery((executor) =>
  executor
    .select({ total: sql<Kobo>`coalesce(sum(${latestBalance}), 0)::bigint`.mapWith((value) => asKobo(Number(value))) })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.organisationId, sql.placeholder('organisationId')),
        inArray(ledgerAccounts.kind, ['organisation_wallet', 'corporation_wallet']),
      ),
    )
    .prepare('wallet_balances_total'),
);

/** The sum of the balances of every wallet of an organisation; the dashboard's checklist asks on every load, so it is prepared. */
export async function sumWalletBalances(executor: Db, organisationId: string): Promise<Kobo> {
  const [row] = await walletBalancesTotal(executor, { organisationId });
  return row.total;
}

const HISTORY_SORT = {
  created_at: ledgerEntries.sequence,
  amount: ledgerEntries.amountKobo,
} as const;

/** History filters of docs/product.md §3: type (credit/debit), status, created_at ranges. */
const HISTORY_FILTERS: Record<string, FilterField> = {
  type: {
    kind: 'custom',
    condition(values) {
      const unknown = values.find((value) => value !== 'credit' && value !== 'debit');
      if (unknown !== undefined) throw invalidInput({ filters: `type cannot be ${unknown}` });
      if (values.includes('credit') && values.includes('debit')) return undefined;
      return values.includes('credit') ? sql`${ledgerEntries.amountKobo} > 0` : sql`${ledgerEntries.amountKobo} < 0`;
    },
  },
  status: { kind: 'in', column: ledgerJournals.status, values: ['success', 'pending', 'failed'] },
  created_at: { kind: 'date', column: ledgerEntries.createdAt },
};

/** What a history line shows of an entry, its journal and its wallet: only these are read (a page is read on every call). */
const HISTORY_COLUMNS = {
  entry: {
    sequence: ledgerEntries.sequence,
    amountKobo: ledgerEntries.amountKobo,
    balanceAfterKobo: ledgerEntries.balanceAfterKobo,
    createdAt: ledgerEntries.createdAt,
  },
  journal: {
    reference: ledgerJournals.reference,
    description: ledgerJournals.description,
    status: ledgerJournals.status,
    kind: ledgerJournals.kind,
  },
  wallet: { id: ledgerAccounts.id, name: ledgerAccounts.name },
};

/** The history page's statement; values, or placeholders where it is prepared. */
function selectHistoryPage(
  executor: Db,
  input: {
    wallets: SQL;
    conditions: Array<SQL | undefined>;
    orderBy: keyof typeof HISTORY_SORT;
    isAsc: boolean;
    limit: number | Placeholder;
    offset: number | Placeholder;
  },
) {
  // Ordered by expressions, not the columns: the page's count(*) over () reads every entry of the
  // wallets anyway, and ordering by the bare column let the planner walk the whole ledger's primary
  // key backwards to find them (2 s at 1,000,000 entries; 3 ms through the account index).
  const order = sql`${HISTORY_SORT[input.orderBy]} + 0`;
  const newestFirst = desc(sql`${ledgerEntries.sequence} + 0`);
  return executor
    .select({ ...HISTORY_COLUMNS, total: totalRows() })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(input.wallets, ...input.conditions))
    .orderBy(input.isAsc ? asc(order) : desc(order), newestFirst)
    .limit(input.limit)
    .offset(input.offset);
}

/** Whose wallets a history covers: an organisation's of the given kinds, or a corporation's. */
export type HistoryOwner = { organisationId: string; kinds: WalletKind[] } | { corporationId: string };

/**
 * The wallets of a history, found in the page's own join (no look-up of them first): by their
 * organisation and kinds (ledger_accounts_organisation_kind_idx), or by the corporation's wallet
 * index, whose condition names the kind.
 */
const ownedWallets = {
  organisation: (organisationId: string | Placeholder, kinds: SQL) =>
    and(eq(ledgerAccounts.organisationId, organisationId), kinds)!,
  corporation: (corporationId: string | Placeholder) =>
    sql`${ledgerAccounts.corporationId} = ${corporationId} and ${ledgerAccounts.kind} = 'corporation_wallet'`,
};

/** The page as a history first opens (no search, no filter): prepared, one statement per owner and sort. */
const plainHistoryPage = (statementName: string, wallets: SQL) =>
  preparedVariants((executor, sort: SortVariant<keyof typeof HISTORY_SORT>) =>
    selectHistoryPage(executor, {
      wallets,
      conditions: [],
      ...sortOfVariant(sort),
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    }).prepare(`${statementName}_${sort}`),
  );
const plainOrganisationHistoryPage = plainHistoryPage(
  'organisation_history_page',
  ownedWallets.organisation(sql.placeholder('ownerId'), isAnyOf(ledgerAccounts.kind, 'kinds', 'text')),
);
const plainCorporationHistoryPage = plainHistoryPage(
  'corporation_history_page',
  ownedWallets.corporation(sql.placeholder('ownerId')),
);

/** One page of entries on the owner's wallets, with their journal and wallet, and the total count. */
export async function findHistoryPage(executor: Db, owner: HistoryOwner, params: ListParams) {
  const search = containsPattern(params.search);
  const conditions = [
    ...filterConditions(params.filters, HISTORY_FILTERS),
    search ? ilike(ledgerJournals.reference, search) : undefined,
  ];
  const orderBy =
    params.order_by && Object.hasOwn(HISTORY_SORT, params.order_by)
      ? (params.order_by as keyof typeof HISTORY_SORT)
      : 'created_at';
  const isAsc = Boolean(params.is_asc);
  const sort = sortVariant(orderBy, isAsc);
  const isPlain = conditions.every((condition) => condition === undefined);
  return readPage((page) => {
    if ('organisationId' in owner) {
      return isPlain
        ? plainOrganisationHistoryPage(executor, sort, { ownerId: owner.organisationId, kinds: owner.kinds, ...page })
        : selectHistoryPage(executor, {
            wallets: ownedWallets.organisation(owner.organisationId, inArray(ledgerAccounts.kind, owner.kinds)),
            conditions,
            orderBy,
            isAsc,
            ...page,
          });
    }
    return isPlain
      ? plainCorporationHistoryPage(executor, sort, { ownerId: owner.corporationId, ...page })
      : selectHistoryPage(executor, {
          wallets: ownedWallets.corporation(owner.corporationId),
          conditions,
          orderBy,
          isAsc,
          ...page,
        });
  }, pageWindow(params));
}

export async function insertWithdrawal(tx: Db, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [inserted] = await tx.insert(withdrawals).values(row).returning();
  return inserted;
}

export async function findWithdrawal(executor: Db, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await executor.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function findWithdrawalByReference(executor: Db, reference: string): Promise<WithdrawalRow | undefined> {
  const [row] = await executor.select().from(withdrawals).where(eq(withdrawals.reference, reference));
  return row;
}

/** The withdrawal of a transfer reference, locked until the caller's transaction ends: its webhooks apply one at a time. */
export async function lockWithdrawalByReference(tx: Db, reference: string): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.reference, reference)).for('update');
  return row;
}

/** Moves a withdrawal on only from one of `from`; undefined when it had already moved. */
export async function transitionWithdrawal(
  tx: Db,
  id: string,
  from: WithdrawalStatus[],
  set: Partial<typeof withdrawals.$inferInsert>,
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set(set)
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
    .returning();
  return row;
}

export async function setTransferCode(executor: Db, id: string, transferCode: string): Promise<void> {
  await executor.update(withdrawals).set({ transferCode }).where(eq(withdrawals.id, id));
}

/** Links a journal to a withdrawal; the primary key refuses a second hold or a second return. */
export async function insertWithdrawalJournal(
  tx: Db,
  link: { withdrawalId: string; kind: 'hold' | 'return'; journalId: string },
): Promise<void> {
  await tx.insert(withdrawalJournals).values(link);
}

export async function findWithdrawalJournalId(
  executor: Db,
  withdrawalId: string,
  kind: 'hold' | 'return',
): Promise<string | undefined> {
  const [row] = await executor
    .select({ journalId: withdrawalJournals.journalId })
    .from(withdrawalJournals)
    .where(and(eq(withdrawalJournals.withdrawalId, withdrawalId), eq(withdrawalJournals.kind, kind)));
  return row?.journalId;
}

/** A journal's status as the wallet history shows it (its entries never change). */
export async function setJournalStatus(
  executor: Db,
  journalId: string,
  status: LedgerJournal['status'],
): Promise<void> {
  await executor.update(ledgerJournals).set({ status }).where(eq(ledgerJournals.id, journalId));
}

/** Withdrawals still waiting for the provider's word, started before `before`. */
/** Withdrawals still processing that started before `before`: of one organisation, or of all when it is null. */
export function findProcessingWithdrawals(executor: Db, organisationId: string | null, before: Date) {
  return executor
    .select()
    .from(withdrawals)
    .where(
      and(
        organisationId === null ? undefined : eq(withdrawals.organisationId, organisationId),
        eq(withdrawals.status, 'processing'),
        sql`${withdrawals.createdAt} < ${before.toISOString()}`,
      ),
    );
}

const WITHDRAWAL_FILTERS: Record<string, FilterField> = {
  status: {
    kind: 'in',
    column: withdrawals.status,
    values: ['awaiting_approval', 'rejected', 'processing', 'paid', 'failed', 'reversed'],
  },
  created_at: { kind: 'date', column: withdrawals.createdAt },
};

/** One page of an organisation's withdrawals with their wallet, newest first. */
export async function findWithdrawalsPage(executor: Db, organisationId: string, params: ListParams) {
  const search = containsPattern(params.search);
  const conditions = [
    eq(withdrawals.organisationId, organisationId),
    ...filterConditions(params.filters, WITHDRAWAL_FILTERS),
    search ? or(ilike(withdrawals.reference, search), ilike(withdrawals.accountName, search)) : undefined,
  ];
  return readPage(
    (page) =>
      executor
        .select({
          withdrawal: withdrawals,
          wallet: { id: ledgerAccounts.id, name: ledgerAccounts.name },
          total: totalRows(),
        })
        .from(withdrawals)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, withdrawals.walletId))
        .where(and(...conditions))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(page.limit)
        .offset(page.offset),
    pageWindow(params),
  );
}

/** A funding credit as the ledger holds it: its journal, and the wallet entry it made. */
export interface FundingCredit {
  reference: string;
  organisationId: string;
  walletId: string;
  walletName: string;
  amountKobo: Kobo;
  createdAt: Date;
}

const fundingCreditColumns = {
  reference: ledgerJournals.reference,
  organisationId: ledgerAccounts.organisationId,
  walletId: ledgerAccounts.id,
  walletName: ledgerAccounts.name,
  amountKobo: ledgerEntries.amountKobo,
  createdAt: ledgerJournals.createdAt,
};

function fundingCredits(executor: Db, where: SQL | undefined): Promise<FundingCredit[]> {
  return executor
    .select(fundingCreditColumns)
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.journalId, ledgerJournals.id), eq(ledgerEntries.isWallet, true)))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerJournals.kind, 'funding'), where))
    .then((rows) => rows.map((row) => ({ ...row, organisationId: row.organisationId! })));
}

/** The funding credits posted under these references (one per provider transaction). */
export function findFundingCredits(executor: Db, references: string[]): Promise<FundingCredit[]> {
  if (references.length === 0) return Promise.resolve([]);
  return fundingCredits(executor, inArray(ledgerJournals.reference, references));
}

/** The funding credits whose reference starts with `prefix`, posted between two instants. */
export function findFundingCreditsBetween(executor: Db, prefix: string, from: Date, to: Date) {
  return fundingCredits(
    executor,
    and(
      like(ledgerJournals.reference, `${prefix}%`),
      gte(ledgerJournals.createdAt, from),
      lte(ledgerJournals.createdAt, to),
    ),
  );
}

export type FundingDifference = typeof fundingDifferences.$inferSelect;
export type NewFundingDifference = typeof fundingDifferences.$inferInsert;

/** The ledger reference of a provider's credit: one journal per provider transaction. */
export const fundingReference = (provider: string, transactionId: string) => `${provider}:txn:${transactionId}`;

/** Records a difference unless the same one is already recorded: the row when new, else undefined. */
export async function insertFundingDifference(
  tx: Db,
  difference: NewFundingDifference,
): Promise<FundingDifference | undefined> {
  const [row] = await tx.insert(fundingDifferences).values(difference).onConflictDoNothing().returning();
  return row;
}

/** An organisation's differences a person must still look at, and those credited since `creditedSince`, newest first. */
export function findFundingDifferences(executor: Db, organisationId: string, creditedSince: Date) {
  return executor
    .select({ difference: fundingDifferences, walletName: ledgerAccounts.name })
    .from(fundingDifferences)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, fundingDifferences.walletId))
    .where(
      and(
        eq(fundingDifferences.organisationId, organisationId),
        or(eq(fundingDifferences.resolution, 'to_check'), gte(fundingDifferences.detectedAt, creditedSince)),
      ),
    )
    .orderBy(desc(fundingDifferences.detectedAt))
    .limit(50);
}
