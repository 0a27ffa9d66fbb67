import { createHash } from 'node:crypto';
import type { CollectorKind } from '@levy/contracts';
import { PAYE_ROW_TOLERANCE_KOBO, taxIdKind, whtPayeesText, type CsvRowError, type Kobo } from '@levy/tax';
import { itemPageTexts } from '../../db/item-page-texts';
import type { BillItem, WhtCalcItem } from './bills.repo';
import type { BillItemTuple, WhtCalcItemTuple } from './bills.schema';

/**
 * A bill's recipients as it keeps them, and what a request needs to know of them. Pure, so the
 * file workers use it where they read a file (bill-file-tasks.ts): what comes back to the request
 * is the item pages' text and a few figures, never one object per row (decision 0008).
 */

/** Rows whose PAYE differs from the engine's, listed on a bill; the first ones are enough to act on. */
export const MAX_WARNINGS = 100;

/** A WHT recipient has no PAYE columns. */
export const NOT_PAYE = {
  expectedTaxKobo: null,
  nationality: null,
  designation: null,
  incomesKobo: null,
  declaredReliefs: null,
} as const;

/** A bill's recipients, ready to store. */
export interface PreparedItems {
  count: number;
  /** The bill's item pages (db/item-pages.ts), each a JSON array of BillItemTuple: in hand, or still coming from a file worker. */
  pages: Iterable<string> | AsyncIterable<string>;
  /** WHT: the payees' fingerprint (payeesFingerprint); null for PAYE. */
  payeesFingerprint: string | null;
  /** PAYE: the first MAX_WARNINGS rows whose declared tax differs from the engine's (the bill's warnings); known once the last page is made. */
  differing: readonly BillItem[] | Promise<readonly BillItem[]>;
}

export function billItemTuple(item: BillItem): BillItemTuple {
  const tuple: BillItemTuple = [
    item.rowNumber,
    item.taxPayerNumber,
    item.name,
    item.amountKobo,
    item.taxPayableKobo,
    item.expectedTaxKobo,
    item.nationality,
    item.designation,
    item.incomesKobo,
  ];
  if (item.declaredReliefs) tuple.push(item.declaredReliefs);
  return tuple;
}

export function whtCalcItemTuple(item: WhtCalcItem): WhtCalcItemTuple {
  return [item.rowNumber, item.taxPayerNumber, item.name, item.amountKobo, item.taxPayableKobo];
}

/** A PAYE row whose declared tax is more than the tolerance away from the engine's. */
export function differsFromEngine(item: Pick<BillItem, 'taxPayableKobo' | 'expectedTaxKobo'>): boolean {
  return (
    item.expectedTaxKobo !== null && Math.abs(item.taxPayableKobo - item.expectedTaxKobo) > PAYE_ROW_TOLERANCE_KOBO
  );
}

/** WHT: the payees' Tax IDs and taxes as one value, whatever their order in the file. */
export function payeesFingerprint(recipients: readonly { taxPayerNumber: string; taxPayableKobo: Kobo }[]): string {
  return createHash('sha256').update(whtPayeesText(recipients)).digest('hex');
}

/** Recipients in hand (a WHT bill from a stored calculation) prepared as a file's are. */
export function preparedItemsOf(type: 'paye' | 'wht', items: readonly BillItem[]): PreparedItems {
  return {
    count: items.length,
    pages: itemPageTexts(items, billItemTuple),
    payeesFingerprint: type === 'wht' ? payeesFingerprint(items) : null,
    differing: items.filter(differsFromEngine).slice(0, MAX_WARNINGS),
  };
}

/**
 * The NRS collects from payments to companies only: a payee with an individual's `N-` Tax ID is
 * refused, row by row, pointing to the State IRS. A State IRS takes any Tax ID, as before. Null
 * when the payees are all right.
 */
export function payeeProblems(
  collector: CollectorKind,
  rows: ReadonlyArray<{ rowNumber: number; taxPayerNumber: string }>,
): { message: string; errors: CsvRowError[] } | null {
  if (collector !== 'federal') return null;
  const errors: CsvRowError[] = rows
    .filter((row) => taxIdKind(row.taxPayerNumber) === 'individual')
    .map((row) => ({
      row: row.rowNumber,
      column: 'tax_payer_number',
      message:
        `${row.taxPayerNumber} is an individual's Tax ID. The Nigeria Revenue Service takes WHT on payments to companies (C- or 13-digit Tax ` +
        `ID); pay an individual's WHT to the State IRS where they live.`,
    }));
  if (errors.length === 0) return null;
  const count = errors.length === 1 ? '1 payee is an individual' : `${errors.length} payees are individuals`;
  return { message: `${count}: the Nigeria Revenue Service takes WHT on payments to companies only.`, errors };
}
