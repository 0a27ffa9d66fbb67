import type { CollectorKind } from '@levy/contracts';
import { computeWht, listWhtTypes, taxIdKind, type CsvRowError, type Kobo, type PayeeKind } from '@levy/tax';
import { csvFailure } from '../../http/csv-upload';

/**
 * Who collects a WHT bill decides its rates and payees (tax-rules.md §3): a State IRS takes WHT on
 * payments to individuals at the individual rates; the federal NRS takes WHT on payments to
 * companies at the company rates. Either way the payee is resident and holds a Tax ID.
 */
function payeeKindOf(collector: CollectorKind): PayeeKind {
  return collector === 'federal' ? 'company' : 'individual';
}

/** WHT on one amount at the collector's rate. */
export function whtOn(period: string, code: string, amount: Kobo, collector: CollectorKind) {
  return computeWht({ period, code, payeeKind: payeeKindOf(collector), resident: true, hasTaxId: true, amount });
}

/** The WHT types a collector takes in a month, with its rate in percent; types the law does not levy on its payees are left out. */
export function whtTypesOf(period: string, collector: CollectorKind) {
  return listWhtTypes(period).flatMap((type) => {
    const rateBps = type.rates[payeeKindOf(collector)].resident;
    return rateBps === null ? [] : [{ code: type.code, name: type.name, description: type.description, percentage: rateBps / 100 }];
  });
}

/**
 * The NRS collects from payments to companies only: a payee with an individual's `N-` Tax ID is
 * refused, row by row, pointing to the State IRS. A State IRS takes any Tax ID, as before.
 */
export function checkPayees(collector: CollectorKind, field: string, rows: ReadonlyArray<{ rowNumber: number; taxPayerNumber: string }>): void {
  if (collector !== 'federal') return;
  const errors: CsvRowError[] = rows
    .filter((row) => taxIdKind(row.taxPayerNumber) === 'individual')
    .map((row) => ({ row: row.rowNumber, column: 'tax_payer_number', message: `${row.taxPayerNumber} is an individual's Tax ID. The Nigeria Revenue Service takes WHT on payments to companies (C- or 13-digit Tax ID); pay an individual's WHT to the State IRS where they live.` }));
  if (errors.length > 0) {
    const count = errors.length === 1 ? '1 payee is an individual' : `${errors.length} payees are individuals`;
    throw csvFailure(field, `${count}: the Nigeria Revenue Service takes WHT on payments to companies only.`, errors);
  }
}
