import { randomUUID } from 'node:crypto';
import type { RemittanceReconciliation } from '@levy/contracts';
import { addKobo, formatNaira } from '@levy/tax';
import {
  RemittanceError,
  type RemittanceGateway,
  type RemittanceStatus,
} from '../../adapters/remittance/remittance-gateway';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import type { PaidWhtBill, WhtPayee } from './bill-ports';
import { lagosDate } from './bill-format';
import type { BillWallets } from './bill-ports';
import type { PaymentOutcome } from './payment-outcome-mails';
import * as repo from './bills.repo';

const SETTLE_BILL_JOB = 'bills.settle';
const RECONCILE_JOB = 'bills.reconcile-remittances';
/** Lagos time: after the gateway's day has closed, before the working day starts. */
const RECONCILE_TIME = '04:30';
/** How far back paid bills are asked about again. */
const RECONCILE_DAYS = 45;
/** PAYE is settled at once; its job is the safety net if that attempt is cut short. */
const PAYE_SAFETY_NET_SECONDS = 60;
/** How long an attempt to settle holds a bill against cancellation: past the gateway's timeout. */
const SETTLEMENT_CLAIM_SECONDS = 60;
/** Settlements one process runs at once: enough to drain a month-end backlog in seconds. */
const SETTLEMENTS_AT_ONCE = 10;

/** A ledger reference unique to the bill and readable in Transactions (bill references repeat across corporations). */
const ledgerReference = (prefix: 'BILL' | 'REFUND', bill: { reference: string; id: string }) =>
  `${prefix}-${bill.reference}-${bill.id.slice(0, 13).replace('-', '').toUpperCase()}`;

/** What the gateway said, in its own code and words. */
const statusText = (said: RemittanceStatus) => `${said.code || 'no code'} ${said.message}`.trim();

/** What the wallet pays the gateway: the tax and the gateway's own charge. */
const remittedKobo = (bill: repo.BillRow) => addKobo(bill.amountDueKobo, bill.gatewayChargeKobo);

/**
 * Money out and back (docs/payment-rails/remita.md): a stored bill paid from its wallet, the
 * gateway notified of the payment and asked its status until it is final (at once for PAYE, by
 * the settlement job for WHT and as PAYE's safety net), a refund by reversing journal, and the
 * daily reconciliation that asks again about every bill paid in the last 45 days.
 */
export function createBillSettlement(deps: {
  db: Db;
  jobs: Jobs;
  gateway: RemittanceGateway;
  wallets: BillWallets;
  /** A WHT bill's payees become vendors with credit notes in the transaction that marks it paid (the vendors module's). */
  recordPaidWht(tx: Db, bill: PaidWhtBill, payees: readonly WhtPayee[]): Promise<void>;
  /** The mails telling the people concerned how the revenue service answered: prepared first, written in the transaction that records it. */
  announce(bill: repo.BillRow, outcome: PaymentOutcome): Promise<(tx: Db) => Promise<void>>;
  /** The organisation's admins' addresses: who is told of a payment the gateway does not confirm. */
  adminEmailsOf(organisationId: string): Promise<string[]>;
  /** Tells them (through the mail outbox, in the caller's transaction). */
  mailUnconfirmed(tx: Db, bill: repo.BillRow, to: readonly string[], text: string): Promise<void>;
  now: () => Date;
}) {
  const { db, gateway, now } = deps;

  /**
   * What the gateway holds for the bill's payment. A notification already sent is asked about by
   * its transaction id; only when the gateway holds nothing under it (or none was sent) is it
   * notified, under a new transaction id stored first. A notification without an answer is asked
   * about once at once; if that does not answer either, the gateway is unavailable.
   */
  async function askGateway(bill: repo.BillRow): Promise<RemittanceStatus> {
    if (bill.gatewayTransactionId) {
      const said = await gateway.status(bill.gatewayTransactionId);
      if (said.outcome !== 'absent') return said;
    }
    const transactionId = randomUUID();
    await repo.recordGatewayStatus(db, bill.id, {
      outcome: 'unavailable',
      status: 'Notification sent, not yet answered',
      at: now(),
      transactionId,
    });
    try {
      return await gateway.notifyPayment({
        rrr: bill.agencyReference ?? bill.reference,
        amountKobo: remittedKobo(bill),
        transactionId,
        paymentAuthCode: (bill.paymentJournalId ?? bill.id).replace(/-/g, ''),
      });
    } catch (error) {
      if (!(error instanceof RemittanceError)) throw error;
      return gateway.status(transactionId);
    }
  }

  /**
   * Settles a bill the wallet has paid. Paid: `payment_paid` with the gateway's payment reference.
   * Failed (final), or on the last attempt nothing held by the gateway: `failed`, and the debit
   * is reversed, at most once. Pending or unknown: the settlement job asks again; after its last
   * attempt the bill stays as it is, never taken as paid nor refunded, and the daily
   * reconciliation keeps asking. The attempt holds the bill, so it is not cancelled meanwhile.
   */
  async function settle(billId: string, isLastAttempt: boolean) {
    const bill = await repo.claimSettlement(db, billId, SETTLEMENT_CLAIM_SECONDS);
    if (!bill) {
      const current = await repo.findBill(db, billId);
      // Another attempt holds it: try again after it, unless this was the last try.
      if (current && repo.SETTLING_STATUSES.includes(current.status) && !isLastAttempt)
        throw new Error(`Bill ${current.reference} is being settled by another attempt.`);
      return;
    }
    let said: RemittanceStatus;
    try {
      said = await askGateway(bill);
    } catch (error) {
      if (!(error instanceof RemittanceError)) throw error;
      said = { outcome: 'unknown', code: '', message: error.message, paymentReference: null, paidAt: null };
      await repo.recordGatewayStatus(db, bill.id, { outcome: 'unavailable', status: error.message, at: now() });
    }
    if (said.outcome === 'paid') return markPaid(bill, said);
    if (said.outcome === 'failed' || (said.outcome === 'absent' && isLastAttempt)) return markFailed(bill, said);
    if (said.code)
      await repo.recordGatewayStatus(db, bill.id, { outcome: said.outcome, status: statusText(said), at: now() });
    await repo.releaseSettlement(db, bill.id);
    if (!isLastAttempt) throw new Error(`Remita has not settled ${bill.reference}: ${statusText(said)}`);
    await repo.insertBillEvent(db, {
      billId: bill.id,
      status: bill.status,
      note: `Remita has not given a final answer (${statusText(said)}). Levy asks again every day; the payment is not taken as made until Remita confirms it.`,
    });
  }

  async function markPaid(bill: repo.BillRow, said: RemittanceStatus) {
    const paidAt = said.paidAt ?? now();
    const receiptNumber = said.paymentReference ?? bill.agencyReference ?? bill.reference;
    const announcePaid = await deps.announce(bill, { kind: 'paid', receiptNumber, paidAt });
    await db.transaction(async (tx) => {
      await repo.recordGatewayStatus(tx, bill.id, { outcome: 'paid', status: statusText(said), at: now() });
      const moved = await repo.transitionBill(tx, bill.id, repo.SETTLING_STATUSES, {
        status: 'payment_paid',
        receiptNumber: said.paymentReference,
        paidAt,
        settlingUntil: null,
      });
      if (!moved) return;
      await repo.insertBillEvent(tx, {
        billId: bill.id,
        status: 'payment_paid',
        note: `Confirmed by Remita: RRR ${bill.agencyReference ?? bill.reference}, payment reference ${said.paymentReference ?? 'not given'}`,
      });
      if (bill.type === 'wht' && bill.whtType)
        await deps.recordPaidWht(tx, { ...bill, whtType: bill.whtType, paidAt }, await repo.listBillItems(tx, bill.id));
      await announcePaid(tx);
    });
  }

  async function markFailed(bill: repo.BillRow, said: RemittanceStatus) {
    const reason = `Remita did not take the payment (${statusText(said)})`;
    const announceFailure = await deps.announce(bill, { kind: 'failed', reason });
    await db.transaction(async (tx) => {
      await repo.recordGatewayStatus(tx, bill.id, { outcome: said.outcome, status: statusText(said), at: now() });
      const moved = await repo.transitionBill(tx, bill.id, repo.SETTLING_STATUSES, {
        status: 'failed',
        failureReason: reason,
        settlingUntil: null,
      });
      if (!moved) return;
      await refund(tx, bill, `Refund of ${bill.reference}: ${reason}`, null);
      await repo.insertBillEvent(tx, {
        billId: bill.id,
        status: 'failed',
        note: `${reason}. ${formatNaira(bill.totalKobo)} was returned to the wallet.`,
      });
      await announceFailure(tx);
    });
  }

  /** Returns a paid bill's debit to its wallet by a reversing journal, once. */
  async function refund(tx: Db, bill: repo.BillRow, description: string, actorUserId: string | null) {
    if (!bill.paymentJournalId) return;
    const { journalId } = await deps.wallets.reverseJournal(tx, bill.paymentJournalId, {
      reference: ledgerReference('REFUND', bill),
      description,
      createdBy: actorUserId,
    });
    await repo.setBillJournals(tx, bill.id, { refundJournalId: journalId });
  }

  /**
   * Pays a stored bill from the wallet in the caller's transaction, for a bill paid at once and one
   * an admin approved alike: the status history, the settlement job and the debit of the tax and
   * the gateway's charge to the agency, and Levy's charge to fees (a shortfall throws, and the
   * transaction stores nothing). The debit locks the house accounts every organisation's bills
   * post to until commit, so it comes last, and callers do their other writes before it: bills
   * made at once, in any process, wait on each other only for the debit itself.
   */
  async function payFromWallet(
    tx: Db,
    bill: repo.BillRow,
    input: { wallet: { walletId: string; name: string }; actorUserId: string; description: string; note?: string },
  ) {
    await repo.insertBillEvent(tx, {
      billId: bill.id,
      status: bill.status,
      note: `${input.note ? `${input.note}; ` : ''}${formatNaira(bill.totalKobo)} paid from ${input.wallet.name}`,
    });
    await deps.jobs.enqueue(
      tx,
      SETTLE_BILL_JOB,
      { billId: bill.id },
      { singletonKey: bill.id, startAfterSeconds: bill.type === 'paye' ? PAYE_SAFETY_NET_SECONDS : 0 },
    );
    const { journalId, isReplay } = await deps.wallets.debitWallet(tx, {
      walletId: input.wallet.walletId,
      amount: { toAgency: remittedKobo(bill), toFees: bill.chargeKobo },
      category: 'bill_payment',
      reference: ledgerReference('BILL', bill),
      description: input.description,
      createdBy: input.actorUserId,
    });
    // The reference is the bill's own: a journal already under it was not made for this bill.
    if (isReplay) throw new Error(`ledger reference ${ledgerReference('BILL', bill)} is taken`);
    await repo.setBillJournals(tx, bill.id, { paymentJournalId: journalId });
  }

  /**
   * Proof that each remittance landed: the gateway is asked about every bill paid in the last 45
   * days, and every bill still waiting for its final word is settled again. A paid bill the gateway
   * does not confirm is flagged in its history and its admins mailed, once per change of answer.
   */
  async function reconcile(): Promise<RemittanceReconciliation> {
    const since = new Date(now().getTime() - RECONCILE_DAYS * 86_400_000);
    const bills = await repo.billsToReconcile(db, since);
    let confirmed = 0;
    const unconfirmed: RemittanceReconciliation['unconfirmed'] = [];
    for (const bill of bills) {
      if (repo.SETTLING_STATUSES.includes(bill.status)) await settle(bill.id, true);
      else await recheckPaid(bill);
      const checked = (await repo.findBill(db, bill.id))!;
      if (checked.status === 'payment_paid' && checked.gatewayOutcome === 'paid') confirmed += 1;
      else if (checked.status === 'payment_paid' || repo.SETTLING_STATUSES.includes(checked.status)) {
        unconfirmed.push({
          reference: checked.reference,
          agency_reference: checked.agencyReference,
          outcome: checked.gatewayOutcome ?? 'unknown',
          status: checked.gatewayStatus ?? '',
          checked_at: (checked.gatewayCheckedAt ?? now()).toISOString(),
        });
      }
    }
    return { checked: bills.length, confirmed, unconfirmed };
  }

  async function recheckPaid(bill: repo.BillRow) {
    const said = await gateway.status(bill.gatewayTransactionId!).catch((error: unknown) => {
      if (error instanceof RemittanceError) return null;
      throw error;
    });
    const at = now();
    const outcome = said?.outcome ?? 'unavailable';
    const status = said ? statusText(said) : 'Remita did not answer';
    const isNewDoubt = outcome !== 'paid' && outcome !== bill.gatewayOutcome;
    // Read before the transaction: on the embedded database a transaction holds the only connection.
    const admins = isNewDoubt ? await deps.adminEmailsOf(bill.organisationId) : [];
    await db.transaction(async (tx) => {
      await repo.recordGatewayStatus(tx, bill.id, { outcome, status, at });
      if (!isNewDoubt) return;
      const note =
        `Remita did not confirm this payment on ${lagosDate(at)}: ${status}. Levy asks again every day; ask Remita about RRR ` +
        `${bill.agencyReference ?? bill.reference} if it persists.`;
      await repo.insertBillEvent(tx, { billId: bill.id, status: bill.status, note });
      await deps.mailUnconfirmed(tx, bill, admins, `${bill.reference}: ${note}`);
    });
  }

  deps.jobs.define<{ billId: string }>({
    name: SETTLE_BILL_JOB,
    // A gateway that is down for a while: seven tries over about ten minutes, then the daily
    // reconciliation takes over. Ten at once per process: each waits on the gateway (decision 0006).
    options: {
      retryLimit: 6,
      retryDelaySeconds: 5,
      pollingIntervalSeconds: 1,
      expireInSeconds: 120,
      concurrency: SETTLEMENTS_AT_ONCE,
    },
    handle: ({ billId }, { isLastAttempt }) => settle(billId, isLastAttempt),
  });
  deps.jobs.define<object>({
    name: RECONCILE_JOB,
    options: { retryLimit: 2, retryDelaySeconds: 300, expireInSeconds: 3600 },
    handle: async () => void (await reconcile()),
  });
  deps.jobs.scheduleDaily(RECONCILE_JOB, RECONCILE_TIME);
  return { settle, refund, payFromWallet, reconcile };
}

export type BillSettlement = ReturnType<typeof createBillSettlement>;
