import type { Kobo } from '@levy/tax';

/**
 * The rail a tax is remitted through (docs/payment-rails/remita.md): a reference (the RRR) for a
 * collector, tax and month, obtained after the gateway has validated the details; the payment
 * notification once the wallet is debited; and the payment's status, asked again until it is final.
 */

/** Where a collector's tax is paid on the gateway: its biller and the product for that tax (a remittance route). */
export interface RemittanceTarget {
  billerId: string;
  serviceTypeId: string;
}

export interface RemittancePayment {
  target: RemittanceTarget;
  payer: { taxPayerNumber: string; name: string; email: string };
  /** YYYY-MM: the tax month paid for. */
  period: string;
  amountKobo: Kobo;
  description: string;
}

/**
 * What the gateway says of a payment, read the same way from a notification and a status query:
 * paid, pending (asked again), failed (final), unknown (asked again, never taken as paid), or
 * absent (the gateway holds no payment under that transaction id: nothing was recorded).
 */
export type RemittanceOutcome = 'paid' | 'pending' | 'failed' | 'unknown' | 'absent';

export interface RemittanceStatus {
  outcome: RemittanceOutcome;
  /** The gateway's own code and words, kept in the bill's history as it said them. */
  code: string;
  message: string;
  paymentReference: string | null;
  paidAt: Date | null;
}

/** The gateway refused the details (final: nothing was generated), or did not answer (try again). */
export class RemittanceError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

export interface RemittanceGateway {
  readonly name: 'remita';
  /** What the gateway would ask for this payment (its amount due, fees included), after validating it; nothing is generated. */
  quote(payment: RemittancePayment): Promise<{ amountDueKobo: Kobo }>;
  /** Validates, then generates the payment reference (RRR) with the amount the wallet must be debited. */
  reference(payment: RemittancePayment): Promise<{ rrr: string; amountDueKobo: Kobo }>;
  /**
   * Tells the gateway the wallet was debited for the RRR's amount due. `transactionId` is stored
   * before the call: when the answer does not come, `status(transactionId)` says what happened.
   */
  notifyPayment(input: {
    rrr: string;
    amountKobo: Kobo;
    transactionId: string;
    paymentAuthCode: string;
  }): Promise<RemittanceStatus>;
  status(transactionId: string): Promise<RemittanceStatus>;
}

/**
 * Remita's status codes as Levy reads them: `00`/`01` paid, `021` pending, `02`/`012` failed;
 * anything else is an outcome Levy does not know, asked again and never taken as paid.
 */
export function outcomeOfCode(code: string): Exclude<RemittanceOutcome, 'absent'> {
  if (code === '00' || code === '01') return 'paid';
  if (code === '021') return 'pending';
  if (code === '02' || code === '012') return 'failed';
  return 'unknown';
}
