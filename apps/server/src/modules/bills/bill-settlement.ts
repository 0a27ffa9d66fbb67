import { formatNaira } from '@levy/tax';
import type { StateAgency } from '../../adapters/agency/state-agency';
import { AgencyError } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import type { PaidWhtBill, WhtPayee } from '../vendors/vendors.service';
import type { BillWallets } from './bill-ports';
import type { PaymentOutcome } from './payment-outcome-mails';
import * as repo from './bills.repo';

const SETTLE_BILL_JOB = 'bills.settle';
/** PAYE is settled at once; its job is the safety net if that attempt is cut short. */
const PAYE_SAFETY_NET_SECONDS = 60;
/** How long an attempt to settle holds a bill against cancellation: past the agency's timeout. */
const SETTLEMENT_CLAIM_SECONDS = 60;
/** Settlements one process runs at once: enough to drain a month-end backlog in seconds. */
const SETTLEMENTS_AT_ONCE = 10;

/** A ledger reference unique to the bill and readable in Transactions (bill references repeat across corporations). */
const ledgerReference = (prefix: 'BILL' | 'REFUND', bill: { reference: string; id: string }) => `${prefix}-${bill.reference}-${bill.id.slice(0, 13).replace('-', '').toUpperCase()}`;

/**
 * Money out and back: a stored bill paid from its wallet, the agency asked to settle it (at once for
 * PAYE, by the settlement job for WHT and as PAYE's safety net), and a refund by reversing journal.
 */
export function createBillSettlement(deps: {
  db: Db;
  jobs: Jobs;
  agency: StateAgency;
  wallets: BillWallets;
  /** A WHT bill's payees become vendors with credit notes in the transaction that marks it paid (the vendors module's). */
  recordPaidWht(tx: Db, bill: PaidWhtBill, payees: readonly WhtPayee[]): Promise<void>;
  /** The mails telling the people concerned how the revenue service answered: prepared first, written in the transaction that records it. */
  announce(bill: repo.BillRow, outcome: PaymentOutcome): Promise<(tx: Db) => Promise<void>>;
}) {
  const { db, agency } = deps;

  /**
   * Asks the agency to settle a bill that the wallet has paid. Paid: `payment_paid` with the
   * receipt. Declined (final): `failed`, and the debit is reversed, at most once. No answer:
   * throws, so the settlement job tries again; on its last attempt the bill fails and is refunded.
   * The attempt holds the bill while the agency is asked, so it is not cancelled meanwhile.
   */
  async function settle(billId: string, isLastAttempt: boolean) {
    const bill = await repo.claimSettlement(db, billId, SETTLEMENT_CLAIM_SECONDS);
    if (!bill) {
      const current = await repo.findBill(db, billId);
      // Another attempt holds it: try again after it, unless this was the last try.
      if (current && repo.SETTLING_STATUSES.includes(current.status) && !isLastAttempt) throw new Error(`Bill ${current.reference} is being settled by another attempt.`);
      return;
    }
    try {
      const paid = await agency.pay({ reference: bill.agencyReference ?? bill.reference, taxPayerNumber: bill.taxPayerNumber, amountKobo: bill.amountDueKobo });
      const announcePaid = await deps.announce(bill, { kind: 'paid', receiptNumber: paid.receiptNumber, paidAt: paid.paidAt });
      await db.transaction(async (tx) => {
        const moved = await repo.transitionBill(tx, bill.id, repo.SETTLING_STATUSES, { status: 'payment_paid', receiptNumber: paid.receiptNumber, paidAt: paid.paidAt, settlingUntil: null });
        if (!moved) return;
        await repo.insertBillEvent(tx, { billId: bill.id, status: 'payment_paid', note: `Paid to the revenue service; receipt ${paid.receiptNumber}` });
        if (bill.type === 'wht' && bill.whtType) await deps.recordPaidWht(tx, { ...bill, whtType: bill.whtType, paidAt: paid.paidAt }, await repo.listBillItems(tx, bill.id));
        await announcePaid(tx);
      });
    } catch (error) {
      const isFinal = error instanceof AgencyError && error.kind === 'declined';
      if (!isFinal && !isLastAttempt) {
        await repo.releaseSettlement(db, bill.id);
        throw error;
      }
      const reason = error instanceof Error ? error.message : 'The revenue service did not accept the payment.';
      const announceFailure = await deps.announce(bill, { kind: 'failed', reason });
      await db.transaction(async (tx) => {
        const moved = await repo.transitionBill(tx, bill.id, repo.SETTLING_STATUSES, { status: 'failed', failureReason: reason, settlingUntil: null });
        if (!moved) return;
        await refund(tx, bill, `Refund of ${bill.reference}: ${reason}`, null);
        await repo.insertBillEvent(tx, { billId: bill.id, status: 'failed', note: `${reason} ${formatNaira(bill.totalKobo)} was returned to the wallet.` });
        await announceFailure(tx);
      });
    }
  }

  /** Returns a paid bill's debit to its wallet by a reversing journal, once. */
  async function refund(tx: Db, bill: repo.BillRow, description: string, actorUserId: string | null) {
    if (!bill.paymentJournalId) return;
    const { journalId } = await deps.wallets.reverseJournal(tx, bill.paymentJournalId, { reference: ledgerReference('REFUND', bill), description, createdBy: actorUserId });
    await repo.setBillJournals(tx, bill.id, { refundJournalId: journalId });
  }

  /**
   * Pays a stored bill from the wallet in the caller's transaction, for a bill paid at once and one
   * an admin approved alike: the status history, the settlement job and the debit (a shortfall
   * throws, and the transaction stores nothing). The debit locks the house accounts every
   * organisation's bills post to until commit, so it comes last, and callers do their other writes
   * before it: bills made at once, in any process, wait on each other only for the debit itself.
   */
  async function payFromWallet(tx: Db, bill: repo.BillRow, input: { wallet: { walletId: string; name: string }; actorUserId: string; description: string; note?: string }) {
    await repo.insertBillEvent(tx, { billId: bill.id, status: bill.status, note: `${input.note ? `${input.note}; ` : ''}${formatNaira(bill.totalKobo)} paid from ${input.wallet.name}` });
    await deps.jobs.enqueue(tx, SETTLE_BILL_JOB, { billId: bill.id }, { singletonKey: bill.id, startAfterSeconds: bill.type === 'paye' ? PAYE_SAFETY_NET_SECONDS : 0 });
    const { journalId, isReplay } = await deps.wallets.debitWallet(tx, {
      walletId: input.wallet.walletId,
      amount: { toAgency: bill.amountDueKobo, toFees: bill.chargeKobo },
      category: 'bill_payment',
      reference: ledgerReference('BILL', bill),
      description: input.description,
      createdBy: input.actorUserId,
    });
    // The reference is the bill's own: a journal already under it was not made for this bill.
    if (isReplay) throw new Error(`ledger reference ${ledgerReference('BILL', bill)} is taken`);
    await repo.setBillJournals(tx, bill.id, { paymentJournalId: journalId });
  }

  deps.jobs.define<{ billId: string }>({
    name: SETTLE_BILL_JOB,
    // An agency that is down for a while: seven tries over about ten minutes, then the bill fails and
    // is refunded. Ten at once per process: each waits on the agency, not on this process (decision 0006).
    options: { retryLimit: 6, retryDelaySeconds: 5, pollingIntervalSeconds: 1, expireInSeconds: 120, concurrency: SETTLEMENTS_AT_ONCE },
    handle: ({ billId }, { isLastAttempt }) => settle(billId, isLastAttempt),
  });
  return { settle, refund, payFromWallet };
}

export type BillSettlement = ReturnType<typeof createBillSettlement>;
