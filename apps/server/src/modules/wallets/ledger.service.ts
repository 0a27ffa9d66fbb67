import { formatNaira, negateKobo, subtractKobo, sumKobo, type Kobo } from '@levy/tax';
import type { Db } from '../../db/client';
import { readOnce } from '../../db/read-once';
import { AppError } from '../../errors';
import * as repo from './wallets.repo';
import type { SystemAccountKind } from './wallets.repo';

// The double-entry ledger, private to the wallets module (decision 0007): other modules move money
// only through the wallets service's debitWallet, creditWallet and reverseJournal.

const SYSTEM_ACCOUNTS: Record<SystemAccountKind, string> = {
  funding_clearing: 'Funding clearing (bank transfers in)',
  fee_revenue: 'Fee revenue',
  agency_settlement: 'Agency settlement (remittances out)',
  payout_clearing: "Payout clearing (transfers to organisations' banks)",
};

export interface Posting {
  accountId: string;
  /** Signed kobo: positive raises the account's balance. */
  amountKobo: Kobo;
}

export interface JournalInput {
  organisationId: string | null;
  kind: 'funding' | 'bill_payment' | 'reversal' | 'withdrawal';
  reference: string;
  description: string;
  createdBy?: string | null;
  reversesJournalId?: string;
  /** A journal whose money is still on its way (a transfer out) is `pending`; default `success`. */
  status?: 'success' | 'pending';
  postings: Posting[];
}

const WALLET_KINDS = ['organisation_wallet', 'corporation_wallet'] as const;
const isWallet = (kind: string) => (WALLET_KINDS as readonly string[]).includes(kind);

/**
 * The ledger's rules (decision 0004), each checked here for a clear error and again by the
 * database (migration 0004) for any writer: a journal balances, amounts are whole non-zero kobo,
 * a wallet never goes below zero, a reference is posted once.
 */
export function createLedgerService(deps: { db: Db }) {
  const { db } = deps;
  // The house accounts are seeded before the app starts and never change: each id is read once.
  const systemAccountIds = Object.fromEntries(
    Object.keys(SYSTEM_ACCOUNTS).map((kind) => [
      kind,
      readOnce(async (executor) => {
        const id = await repo.findSystemAccountId(executor, kind as SystemAccountKind);
        if (!id) throw new Error(`system ledger account ${kind} is missing: seed the reference data`);
        return id;
      }),
    ]),
  ) as Record<SystemAccountKind, (executor: Db) => Promise<string>>;

  /**
   * Posts one balanced journal inside the caller's transaction. Its wallets are locked first and
   * checked for funds, so a shortfall is a clear error; then the house accounts every organisation
   * posts to, just before the entries, as they stay locked until commit (each set in id order: one
   * order for every journal, so two never wait on each other in a cycle). The database checks the
   * same rules again (migration 0004). Returns null when a journal with this reference already
   * exists: a replay changes nothing.
   */
  async function postJournal(tx: Db, input: JournalInput): Promise<{ journalId: string } | null> {
    if (input.postings.length < 2) throw new Error('a journal needs at least two postings');
    for (const { amountKobo } of input.postings) {
      if (!Number.isSafeInteger(amountKobo) || amountKobo === 0)
        throw new Error(`posting amount must be a non-zero whole number of kobo, got ${amountKobo}`);
    }
    const total = sumKobo(input.postings.map((posting) => posting.amountKobo));
    if (total !== 0) throw new Error(`journal ${input.reference} does not balance: the postings sum to ${total} kobo`);

    const accountIds = [...new Set(input.postings.map((posting) => posting.accountId))].sort();
    const wallets = await repo.lockAccounts(tx, accountIds, WALLET_KINDS);

    const journalId = await repo.insertJournal(tx, {
      organisationId: input.organisationId,
      kind: input.kind,
      reference: input.reference,
      description: input.description,
      createdBy: input.createdBy ?? null,
      reversesJournalId: input.reversesJournalId,
      status: input.status ?? 'success',
    });
    if (!journalId) return null;

    for (const account of wallets) {
      const change = sumKobo(
        input.postings.filter((posting) => posting.accountId === account.id).map((posting) => posting.amountKobo),
      );
      if (change >= 0) continue;
      const balance = await repo.findBalance(tx, account.id);
      const needed = negateKobo(change);
      if (balance < needed) {
        throw new AppError(
          'UNPROCESSABLE',
          `Insufficient balance in ${account.name}: ${formatNaira(needed)} is needed and the wallet has ${formatNaira(balance)} (short by ` +
            `${formatNaira(subtractKobo(needed, balance))}). Fund the wallet and try again.`,
        );
      }
    }

    const walletIds = new Set(wallets.map((wallet) => wallet.id));
    const houseIds = accountIds.filter((id) => !walletIds.has(id));
    const house = houseIds.length > 0 ? await repo.lockAccounts(tx, houseIds) : [];
    if (wallets.length + house.length !== accountIds.length)
      throw new Error('a posting names an unknown ledger account');
    const kindOf = new Map([...wallets, ...house].map((account) => [account.id, account.kind]));
    await repo.insertEntries(
      tx,
      input.postings.map((posting) => ({
        journalId,
        accountId: posting.accountId,
        amountKobo: posting.amountKobo,
        isWallet: isWallet(kindOf.get(posting.accountId)!),
      })),
    );
    return { journalId };
  }

  return {
    postJournal,

    /** A correction: a new journal with every posting of the original negated; null when the reference exists. */
    async reverseJournal(
      tx: Db,
      journalId: string,
      input: { reference: string; description: string; createdBy?: string | null },
    ) {
      const original = await repo.findJournal(tx, journalId);
      if (!original) throw new AppError('NOT_FOUND', 'Journal not found.');
      const entries = await repo.findEntriesOfJournal(tx, journalId);
      return postJournal(tx, {
        organisationId: original.organisationId,
        kind: 'reversal',
        reference: input.reference,
        description: input.description,
        createdBy: input.createdBy,
        reversesJournalId: original.id,
        postings: entries.map((entry) => ({ accountId: entry.accountId, amountKobo: negateKobo(entry.amountKobo) })),
      });
    },

    /** An account's balance now: the balance after its latest entry (zero before any). */
    balanceOf(accountId: string): Promise<Kobo> {
      return repo.findBalance(db, accountId);
    },

    /** Opens the system accounts unless they exist (reference data, seeded on every start). */
    ensureSystemAccounts(executor: Db): Promise<void> {
      return repo.insertSystemAccounts(
        executor,
        Object.entries(SYSTEM_ACCOUNTS).map(([kind, name]) => ({ kind: kind as SystemAccountKind, name })),
      );
    },

    systemAccountId(executor: Db, kind: SystemAccountKind): Promise<string> {
      return systemAccountIds[kind](executor);
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
