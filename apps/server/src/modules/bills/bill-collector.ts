import type { CollectorKind } from '@levy/contracts';
import { computeWht, listWhtTypes, type Kobo, type PayeeKind, type WhtRateTables } from '@levy/tax';

/**
 * Who collects a WHT bill decides its rates and payees (docs/tax-rules.md §3): a State IRS takes WHT on
 * payments to individuals at the individual rates; the federal NRS takes WHT on payments to
 * companies at the company rates. Either way the payee is resident and holds a Tax ID.
 */
function payeeKindOf(collector: CollectorKind): PayeeKind {
  return collector === 'federal' ? 'company' : 'individual';
}

/** WHT on one amount at the collector's rate, by the server's WHT schedule (staff rows merged, decision 0025). */
export function whtOn(period: string, code: string, amount: Kobo, collector: CollectorKind, tables: WhtRateTables) {
  return computeWht(
    { period, code, payeeKind: payeeKindOf(collector), resident: true, hasTaxId: true, amount },
    tables,
  );
}

/** The WHT types a collector takes in a month, with its rate in percent; types the law does not levy on its payees are left out. */
export function whtTypesOf(period: string, collector: CollectorKind, tables: WhtRateTables) {
  return listWhtTypes(period, tables).flatMap((type) => {
    const rateBps = type.rates[payeeKindOf(collector)].resident;
    return rateBps === null
      ? []
      : [{ code: type.code, name: type.name, description: type.description, percentage: rateBps / 100 }];
  });
}

/** The WHT type of a bill with its name and its collector's rate in the bill's month, when the engine knows it. */
export function whtTypeOfBill(
  bill: { whtType: string | null; periodStart: string },
  collector: CollectorKind,
  tables: WhtRateTables,
) {
  if (!bill.whtType) return undefined;
  try {
    return whtTypesOf(bill.periodStart.slice(0, 7), collector, tables).find((type) => type.code === bill.whtType);
  } catch {
    return undefined;
  }
}
