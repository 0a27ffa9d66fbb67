// What the bills module needs from other modules (their narrow APIs, wired in index.ts) and the facts it keeps of them.
import type { Kobo } from '@levy/tax';
import type { Db } from '../../db/client';

/** What bills need from the wallets module (its narrow ledger API): the wallet that pays, a debit, and its refund. */
export interface BillWallets {
  walletForCorporation(
    organisationId: string,
    corporationId: string,
  ): Promise<{ walletId: string; name: string; balanceKobo: Kobo }>;
  /** Moves `toAgency + toFees` out of the wallet in the caller's transaction; a shortfall is UNPROCESSABLE naming it. */
  debitWallet(
    tx: Db,
    input: {
      walletId: string;
      amount: { toAgency: Kobo; toFees: Kobo };
      category: 'bill_payment';
      reference: string;
      description: string;
      createdBy: string | null;
    },
  ): Promise<{ journalId: string; isReplay: boolean }>;
  /** Refunds a debit by its reversing journal; the reference makes it happen at most once. */
  reverseJournal(
    tx: Db,
    journalId: string,
    input: { reference: string; description: string; createdBy?: string | null },
  ): Promise<{ journalId: string }>;
}

/** Someone a bill names: its preparer, the admin who decided it. */
export interface BillPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface StateInfo {
  id: number;
  code: string;
  name: string;
  revenueService: string;
  /** 'federal': the NRS, which collects WHT on payments to companies only. */
  collector: 'state' | 'federal';
}

/** A paid WHT bill as its credit notes need it. */
export interface PaidWhtBill {
  id: string;
  organisationId: string;
  corporationId: string;
  reference: string;
  whtType: string;
  periodStart: string;
  paidAt: Date;
}

/** One payee row of the bill. */
export interface WhtPayee {
  rowNumber: number;
  taxPayerNumber: string;
  name: string;
  amountKobo: Kobo | null;
  taxPayableKobo: Kobo;
}

/** What bills need from the vendors module: a paid WHT bill's credit notes recorded, and a payee's email. */
export interface BillVendors {
  recordPaidBill(tx: Db, bill: PaidWhtBill, payees: readonly WhtPayee[]): Promise<void>;
  emailOf(organisationId: string, taxPayerNumber: string): Promise<string | null>;
}

/** A PAYE month recorded as paid outside Levy (the annual-returns module's record, decision 0038). */
export interface PaidOutsideLevy {
  taxMonth: string;
  paidOn: string;
  agencyReference: string;
}

/** Reads the month paid outside Levy with the executor given (a transaction holding the registration's lock); null when none. */
export type PriorPayePaymentOf = (
  executor: Db,
  key: { corporationId: string; stateId: number; taxMonth: string },
) => Promise<PaidOutsideLevy | null>;
