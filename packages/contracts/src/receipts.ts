import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';

/**
 * Receipt verification (docs/product.md "Bills": receipts are verifiable). Every paid
 * bill's receipt carries a code signed by the server and a QR of `/verify/{code}`; anyone holding
 * the receipt can open that page, without an account, and see what the revenue service was paid.
 * The answer holds the receipt's facts and nothing else about the organisation.
 */

/** What the verify page says when a code is unknown, altered or not of a paid bill. */
export const RECEIPT_NOT_FOUND = 'No receipt matches this code.';

/**
 * A code as typed or scanned: letters, digits and dashes. It is judged by the server (a malformed
 * code is a miss like any other, and counts against the address's limit), so the schema only
 * bounds its length.
 */
export const receiptCodeParams = z.object({
  code: z
    .string({ error: RECEIPT_NOT_FOUND })
    .trim()
    .min(1, { error: RECEIPT_NOT_FOUND })
    .max(100, { error: RECEIPT_NOT_FOUND }),
});

export const receiptFacts = z.object({
  payer: z.string().describe('The corporation that paid'),
  tax_payer_number: z.string().describe("The payer's Tax ID with the state"),
  revenue_service: z.string().describe('Who was paid, e.g. Lagos State Internal Revenue Service'),
  tax: z.string().describe('PAYE, or Withholding Tax with its type, e.g. "Withholding Tax: Rent"'),
  period_start: z.string().describe('YYYY-MM-DD'),
  period_end: z.string().describe('YYYY-MM-DD'),
  amount: z.string().describe('The tax remitted to the revenue service, naira with two decimals'),
  agency_reference: z.string().nullable().describe('The RRR the tax was paid against'),
  payment_reference: z.string().nullable().describe("Remita's reference for the payment"),
  status: z.enum(['payment_paid']).describe('Only paid bills have receipts'),
  paid_at: z.string().describe('ISO 8601'),
  remittance_check: z
    .string()
    .nullable()
    .describe('What Remita last said of the payment and when: "Confirmed by Remita on …" only when it confirmed it'),
});
export type ReceiptFacts = z.infer<typeof receiptFacts>;

/** Public: the facts of the receipt a code belongs to; NOT_FOUND for any other code. Limited per address. */
export const verifyReceipt = defineContract(calls.verifyReceipt, {
  summary:
    "Public, no sign-in: the facts of the paid bill a receipt's verification code belongs to (payer, Tax ID, revenue service, tax, period, amount, " +
    'agency reference, status, paid at); NOT_FOUND for any other code. 20 misses per address per 10 minutes, then RATE_LIMITED',
  params: receiptCodeParams,
  response: receiptFacts,
});
