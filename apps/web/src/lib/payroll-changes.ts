import type { PayrollChanges, PreviousPayeBill } from '@levy/contracts';
import { diffPayrolls, koboToNairaString, toKobo, type Kobo, type PayrollDiffEmployee } from '@levy/tax';

/** Each list of changes names this many employees at most, as the server's do; the counts are whole. */
const MAX_LISTED = 100;

const nairaOrNull = (amount: Kobo | null) => (amount === null ? null : koboToNairaString(amount));

/** Who joined, who left and whose gross or tax changed from `before` to `after`, by Tax ID. */
export function payrollChanges(
  before: readonly PayrollDiffEmployee[],
  after: readonly PayrollDiffEmployee[],
  previousVersion: number | null,
): PayrollChanges {
  const diff = diffPayrolls(before, after, MAX_LISTED);
  const lineOf = (line: (typeof diff.joiners)[number]) => ({
    tax_payer_number: line.taxPayerNumber,
    name: line.name,
    gross_before: nairaOrNull(line.grossBefore),
    gross_after: nairaOrNull(line.grossAfter),
    tax_before: nairaOrNull(line.taxBefore),
    tax_after: nairaOrNull(line.taxAfter),
  });
  return {
    previous_version: previousVersion,
    previous_uploaded_at: null,
    joiner_count: diff.joinerCount,
    leaver_count: diff.leaverCount,
    pay_changed_count: diff.changedCount,
    joiners: diff.joiners.map(lineOf),
    leavers: diff.leavers.map(lineOf),
    pay_changed: diff.changed.map(lineOf),
  };
}

/**
 * Who joined, who left and whose gross or tax changed between the previous PAYE bill and the
 * employees of the bill about to be paid, by Tax ID; null when there is no previous bill.
 */
export function changesSincePreviousBill(
  previous: PreviousPayeBill,
  employees: readonly PayrollDiffEmployee[],
): PayrollChanges | null {
  if (!previous.bill) return null;
  const before = previous.employees.map((employee) => ({
    taxPayerNumber: employee.tax_payer_number,
    name: employee.name,
    grossIncomeKobo: toKobo(employee.gross_income),
    taxPayableKobo: toKobo(employee.tax_payable),
  }));
  return payrollChanges(before, employees, previous.bill.payroll?.version?.number ?? null);
}
