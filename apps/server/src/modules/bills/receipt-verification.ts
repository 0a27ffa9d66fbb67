import { createHmac, timingSafeEqual } from 'node:crypto';
import { RECEIPT_NOT_FOUND, type ReceiptFacts } from '@levy/contracts';
import { koboToNairaString, whtTypeName } from '@levy/tax';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { billTypeByCode } from './bill-types';
import { lagosDateTime } from './bill-receipt';
import * as repo from './bills.repo';

/**
 * Receipts that prove payment. A paid bill's receipt carries a code, and a QR of the
 * link `/verify/{code}`, that anyone can check without an account. The code is the bill's id and
 * an HMAC-SHA256 of it under the server's secret (`RECEIPT_SIGNING_SECRET`), so it cannot be made
 * up or altered, and nothing needs storing: the server reads the bill id back out of a code whose
 * signature holds. The page answers with the receipt's facts and nothing else.
 */

/** Crockford's base32: no I, L, O or U, so a printed code is not misread; read case-insensitively. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 80 bits of HMAC after the 128-bit id: 26 bytes, 42 characters. */
const MAC_BYTES = 10;
const ID_BYTES = 16;
const CODE_LENGTH = Math.ceil(((ID_BYTES + MAC_BYTES) * 8) / 5);
/** Printed in groups of six: `7ZK3Q9-M1…`. The link carries the code without dashes. */
const GROUP = 6;

function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string, byteLength: number): Buffer | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return bytes.length === byteLength ? Buffer.from(bytes) : null;
}

/** A code as typed, scanned or printed: dashes and spaces dropped, upper case, O read as 0 and I or L as 1. */
function canonical(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export interface ReceiptCodes {
  /** The bill's code, as the link carries it. */
  codeOf(billId: string): string;
  /** The code in groups of six, as the receipt prints it. */
  printedCodeOf(billId: string): string;
  /** The public page that verifies the bill's receipt. */
  urlOf(billId: string): string;
  /** The bill a code was made for; null when it is malformed or its signature does not hold. */
  billIdOf(code: string): string | null;
}

export function createReceiptCodes(input: { secret: string; appUrl: string }): ReceiptCodes {
  const mac = (id: Buffer) =>
    createHmac('sha256', input.secret).update('levy-receipt-v1:').update(id).digest().subarray(0, MAC_BYTES);
  const codeOf = (billId: string) => {
    const id = uuidBytes(billId);
    return toBase32(Buffer.concat([id, mac(id)]));
  };
  return {
    codeOf,
    printedCodeOf: (billId) =>
      codeOf(billId)
        .match(new RegExp(`.{1,${GROUP}}`, 'g'))!
        .join('-'),
    urlOf: (billId) => `${input.appUrl}/verify/${codeOf(billId)}`,
    billIdOf(code) {
      const text = canonical(code);
      if (text.length !== CODE_LENGTH) return null;
      const bytes = fromBase32(text, ID_BYTES + MAC_BYTES);
      if (!bytes) return null;
      const id = bytes.subarray(0, ID_BYTES);
      // The code's spare bits must be zero, so one bill has exactly one code.
      if (toBase32(bytes) !== text) return null;
      return timingSafeEqual(bytes.subarray(ID_BYTES), mac(id)) ? uuidOf(id) : null;
    },
  };
}

/** Misses per address: enough for someone fixing a mistyped code, far too few to try codes at random. */
export const VERIFY_LIMIT = { max: 20, windowMs: 10 * 60_000 };

/** "PAYE", or "Withholding Tax: Rent". */
export function taxLabel(bill: Pick<repo.BillRow, 'type' | 'whtType' | 'periodStart'>): string {
  const name = billTypeByCode(bill.type).name;
  if (!bill.whtType) return name;
  return `${name}: ${whtTypeName(bill.whtType)}`;
}

/** What Remita last said of a paid bill's payment, and when (Lagos time); null for a bill paid before the gateway. */
function remittanceCheckOf(bill: repo.BillRow): string | null {
  if (!bill.gatewayCheckedAt) return null;
  const at = lagosDateTime(bill.gatewayCheckedAt.toISOString());
  if (bill.gatewayOutcome === 'paid' && bill.gatewayConfirmedAt)
    return `Confirmed by Remita on ${lagosDateTime(bill.gatewayConfirmedAt.toISOString())}`;
  return `Not confirmed by Remita: on ${at} it said ${bill.gatewayStatus ?? 'nothing'}`;
}

/**
 * The public verify call. Each lookup is reserved against its address's limit before the code is
 * judged (decision 0009), so a burst of guesses is refused however it is timed; a genuine code
 * gives its reservation back. Unknown, altered and malformed codes, and codes of bills that are
 * not paid, all answer the same NOT_FOUND.
 */
export function createReceiptVerification(deps: {
  db: Db;
  codes: ReceiptCodes;
  /** The paying corporation's name (the corporations module's). */
  corporationName(organisationId: string, corporationId: string): Promise<string>;
  /** The state's name and revenue service (the reference module's). */
  stateOf(stateId: number): Promise<{ name: string; revenueService: string } | undefined>;
  limit?: { max: number; windowMs: number };
  now?: () => Date;
}) {
  const { db, codes } = deps;
  const limit = deps.limit ?? VERIFY_LIMIT;
  const now = deps.now ?? (() => new Date());

  async function factsOf(code: string): Promise<ReceiptFacts | null> {
    const billId = codes.billIdOf(code);
    if (!billId) return null;
    const bill = await repo.findBill(db, billId);
    if (!bill || bill.status !== 'payment_paid' || !bill.paidAt) return null;
    const [payer, state] = await Promise.all([
      deps.corporationName(bill.organisationId, bill.corporationId),
      deps.stateOf(bill.stateId),
    ]);
    return {
      payer,
      tax_payer_number: bill.taxPayerNumber,
      revenue_service: state?.revenueService ?? '',
      tax: taxLabel(bill),
      period_start: bill.periodStart,
      period_end: bill.periodEnd,
      amount: koboToNairaString(bill.amountDueKobo),
      agency_reference: bill.agencyReference,
      payment_reference: bill.receiptNumber,
      status: 'payment_paid',
      paid_at: bill.paidAt.toISOString(),
      remittance_check: remittanceCheckOf(bill),
    };
  }

  return {
    async verify(code: string, address: string): Promise<ReceiptFacts> {
      const reservation = await db.transaction((tx) =>
        repo.reserveVerificationAttempt(tx, { address, at: now(), ...limit }),
      );
      if (!reservation)
        throw new AppError(
          'RATE_LIMITED',
          'Too many receipt codes were checked from this address. Please wait a few minutes and try again.',
        );
      const facts = await factsOf(code);
      if (!facts) throw new AppError('NOT_FOUND', RECEIPT_NOT_FOUND);
      await repo.releaseVerificationAttempt(db, reservation);
      return facts;
    },
  };
}

export type ReceiptVerification = ReturnType<typeof createReceiptVerification>;
