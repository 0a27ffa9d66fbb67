import type { Kobo } from '@levy/tax';

/**
 * The funding port, shaped by Paystack Dedicated Virtual Accounts (docs/payment-rails/paystack.md):
 * a wallet gets a customer at the provider and, later, a bank account of its own; money that lands
 * on it is announced by a signed webhook and credited only once the provider confirms it.
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
}

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
