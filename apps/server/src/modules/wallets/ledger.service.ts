import { formatNaira, type Kobo } from '@levy/tax';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../../db/schema/index';
import { AppError } from '../../errors';

export type SystemAccountKind = 'funding_clearing' | 'fee_revenue' | 'agency_settlement';

export const SYSTEM_ACCOUNTS: Record<SystemAccountKind, string> = {
  funding_clearing: 'Funding clearing (bank transfers in)',
  fee_revenue: 'Fee revenue',
  agency_settlement: 'Agency settlement (remittances out)',
};

export interface Posting {
  accountId: string;
  /** Signed kobo: positive raises the account's balance. */
  amountKobo: number;
}

export interface JournalInput {
  organisationId: string | null;
  kind: 'funding' | 'bill_payment' | 'reversal';
  reference: string;
  description: string;
  createdBy?: string | null;
  reversesJournalId?: string;
  postings: Posting[];
}

const isWallet = (kind: string) => kind === 'organisation_wallet' || kind === 'corporation_wallet';

/** An account's balance: the balance after its latest entry (zero before any). */
export async function balanceOf(executor: Db, accountId: string): Promise<number> {
  const [latest] = await executor
    .select({ balance: ledgerEntries.balanceAfterKobo })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId))
    .orderBy(desc(ledgerEntries.sequence))
    .limit(1);
  return latest?.balance ?? 0;
}

export async function systemAccountId(executor: Db, kind: SystemAccountKind): Promise<string> {
  const [account] = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind));
  if (!account) throw new Error(`system ledger account ${kind} is missing: seed the reference data`);
  return account.id;
}

/**
 * Posts one balanced journal inside the caller's transaction. Wallet accounts are locked first (in
 * id order, so two journals never wait on each other in a cycle) and checked for funds, so a
 * shortfall is a clear error; the database checks the same rules again (migration 0004).
 * Returns null when a journal with this reference already exists: a replay changes nothing.
 */
export async function postJournal(tx: Db, input: JournalInput): Promise<{ journalId: string } | null> {
  if (input.postings.length < 2) throw new Error('a journal needs at least two postings');
  let total = 0;
  for (const { amountKobo } of input.postings) {
    if (!Number.isSafeInteger(amountKobo) || amountKobo === 0) throw new Error(`posting amount must be a non-zero whole number of kobo, got ${amountKobo}`);
    total += amountKobo;
  }
  if (total !== 0) throw new Error(`journal ${input.reference} does not balance: the postings sum to ${total} kobo`);

  const accountIds = [...new Set(input.postings.map((posting) => posting.accountId))].sort();
  const accounts = await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, accountIds)).orderBy(asc(ledgerAccounts.id)).for('update');
  if (accounts.length !== accountIds.length) throw new Error('a posting names an unknown ledger account');
  const kindOf = new Map(accounts.map((account) => [account.id, account.kind]));

  const [journal] = await tx
    .insert(ledgerJournals)
    .values({
      organisationId: input.organisationId,
      kind: input.kind,
      reference: input.reference,
      description: input.description,
      createdBy: input.createdBy ?? null,
      reversesJournalId: input.reversesJournalId,
    })
    .onConflictDoNothing({ target: ledgerJournals.reference })
    .returning({ id: ledgerJournals.id });
  if (!journal) return null;

  for (const account of accounts) {
    if (!isWallet(account.kind)) continue;
    const change = input.postings.filter((posting) => posting.accountId === account.id).reduce((sum, posting) => sum + posting.amountKobo, 0);
    if (change >= 0) continue;
    const balance = await balanceOf(tx, account.id);
    if (balance + change < 0) {
      const needed = -change as Kobo;
      throw new AppError(
        'UNPROCESSABLE',
        `Insufficient balance in ${account.name}: ${formatNaira(needed)} is needed and the wallet has ${formatNaira(balance as Kobo)} (short by ${formatNaira((needed - balance) as Kobo)}). Fund the wallet and try again.`,
      );
    }
  }

  await tx.insert(ledgerEntries).values(
    input.postings.map((posting) => ({ journalId: journal.id, accountId: posting.accountId, amountKobo: posting.amountKobo, isWallet: isWallet(kindOf.get(posting.accountId)!) })),
  );
  return { journalId: journal.id };
}

/** A correction: a new journal with every posting of the original negated. */
export async function reverseJournal(tx: Db, journalId: string, input: { reference: string; description: string; createdBy?: string | null }) {
  const [original] = await tx.select().from(ledgerJournals).where(eq(ledgerJournals.id, journalId));
  if (!original) throw new AppError('NOT_FOUND', 'Journal not found.');
  const entries = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.journalId, journalId));
  return postJournal(tx, {
    organisationId: original.organisationId,
    kind: 'reversal',
    reference: input.reference,
    description: input.description,
    createdBy: input.createdBy,
    reversesJournalId: original.id,
    postings: entries.map((entry) => ({ accountId: entry.accountId, amountKobo: -entry.amountKobo })),
  });
}
