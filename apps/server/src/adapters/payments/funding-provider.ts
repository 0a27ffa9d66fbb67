import type { Kobo } from '@levy/tax';

/**
 * The funding port, shaped by Paystack Dedicated Virtual Accounts (docs/payment-rails/paystack.md):
 * a wallet gets a customer at the provider and, later, a bank account of its own; money that lands
 * on it is announced by a signed webhook and credited only once the provider confirms it. Money
 * leaves by Paystack transfers to the organisation's own bank account, announced the same way.
 */
export interface FundingProvider {
  /** Names the webhook route and prefixes ledger references. */
  readonly name: string;
  /** The request header that carries the webhook's signature. */
  readonly signatureHeader: string;
  /** Whether `signature` is the provider's for exactly these raw body bytes. */
  isSignatureValid(rawBody: Buffer, signature: string | undefined): boolean;
  /** What a (signed) webhook body announces; anything else is `ignored`. Throws on a malformed body. */
  readEvent(rawBody: Buffer): FundingEvent;
  /** The wallet's customer at the provider (the same one again for the same email). */
  createCustomer(wallet: { email: string; name: string }): Promise<{ customerCode: string }>;
  /** Asks for the customer's account; it arrives later (or even before this answers) as an `assigned` event. */
  requestAccount(wallet: { email: string; name: string }): Promise<void>;
  /** The provider's own record of a payment, or null when it knows no such reference. */
  verifyCharge(reference: string): Promise<VerifiedCharge | null>;
  /** Asks the provider to look for transfers to the account its bank has not reported yet. */
  requery(account: { accountNumber: string; bankSlug: string }): Promise<void>;
  /** Every successful transfer into any of the business's accounts between two instants (reconciliation). */
  listCharges(window: { from: Date; to: Date }): Promise<VerifiedCharge[]>;
  /** The provider's record of one transaction by its id, or null when it knows no such id (reconciliation). */
  fetchCharge(transactionId: string): Promise<VerifiedCharge | null>;

  // Money out: a transfer from the business's provider balance to an organisation's own bank account.

  /** The banks the provider can pay into, with the code a resolve, recipient or transfer names. */
  listBanks(): Promise<PayoutBank[]>;
  /** The name the bank gives an account number, or null when the bank does not know it. */
  resolveAccount(account: { bankCode: string; accountNumber: string }): Promise<{ accountName: string } | null>;
  /** The provider's recipient for a bank account (the same one again for the same account). */
  createRecipient(account: {
    bankCode: string;
    accountNumber: string;
    name: string;
  }): Promise<{ recipientCode: string }>;
  /**
   * Starts a transfer of `amount` to a recipient under Levy's `reference` (its idempotency key:
   * sending the same reference again is a retry of the same transfer). Throws
   * `TransferRefusedError` when the provider refuses it outright (no money moved) and
   * `FundingUnavailableError` when the answer is unknown (ask `verifyTransfer` later).
   */
  initiateTransfer(transfer: {
    amount: Kobo;
    recipientCode: string;
    reference: string;
    reason: string;
  }): Promise<Transfer>;
  /** The provider's own record of a transfer, or null when it knows no such reference. */
  verifyTransfer(reference: string): Promise<Transfer | null>;
}

export interface PayoutBank {
  code: string;
  name: string;
}

/** A transfer as the provider reports it. */
export interface Transfer {
  reference: string;
  transferCode: string | null;
  /** `success`, `failed`, `reversed`, `abandoned`, `blocked`, `rejected` are conclusive; `pending`, `otp`, `received` are not. */
  status: string;
  amount: Kobo;
  /** Why it failed, in the provider's words, when it says. */
  reason: string | null;
}

/** Transfer statuses after which the money did not reach the bank and is back in the provider's balance. */
export const TRANSFER_RETURNED_STATUSES = ['failed', 'reversed', 'abandoned', 'blocked', 'rejected'] as const;

/** The provider refused to start a transfer (e.g. its balance is short): nothing moved. */
export class TransferRefusedError extends Error {}

export interface AssignedAccount {
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankSlug: string;
}

export type FundingEvent =
  | { kind: 'charge'; reference: string }
  | { kind: 'assigned'; customerCode: string; account: AssignedAccount }
  | { kind: 'assignment_failed'; customerCode: string; reason: string }
  /** transfer.success, transfer.failed or transfer.reversed: what happened is asked of `verifyTransfer`. */
  | { kind: 'transfer'; reference: string; event: string }
  | { kind: 'ignored'; event: string };

/** A payment as the provider's verification answers it: the only figures Levy credits. */
export interface VerifiedCharge {
  /** The provider's transaction id (a 64-bit integer, kept as text): one credit per id. */
  transactionId: string;
  reference: string;
  /** Only `success` moves money; others are e.g. failed, abandoned, reversed, pending. */
  status: string;
  amount: Kobo;
  currency: string;
  /** `dedicated_nuban` for a transfer into a wallet's account. */
  channel: string;
  /** The wallet account that received it, and its customer. */
  accountNumber: string | null;
  customerCode: string | null;
  senderName: string | null;
  paidAt: Date | null;
}

/** The provider did not answer, or answered with a fault: nothing is decided, try again later. */
export class FundingUnavailableError extends Error {}
