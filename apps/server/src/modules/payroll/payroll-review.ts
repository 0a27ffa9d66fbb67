import type { PayrollChanges } from '@levy/contracts';
import { koboToNairaString, residenceMessage, type CsvRowError, type Kobo } from '@levy/tax';
import type { State } from '../reference/reference.service';
import type { PayrollFileEmployee } from './payroll-file-tasks';

/** Each list in an upload's answer names this many employees at most; counts give the rest. */
export const MAX_LISTED = 100;

export { residenceResolver } from '@levy/tax';

/** The rows whose state_of_residence names no state, as row problems. */
export function unknownResidences(
  employees: readonly PayrollFileEmployee[],
  resolve: (written: string) => State | undefined,
): CsvRowError[] {
  return employees
    .filter((employee) => employee.residence !== null && resolve(employee.residence) === undefined)
    .map((employee) => ({
      row: employee.rowNumber,
      column: 'state_of_residence',
      message: `'${employee.residence}' is not a Nigerian state: give its code (OG) or its name (Ogun)`,
    }));
}

/** Employees living outside the payroll's state, grouped by the state their PAYE is owed to. */
export function residentsElsewhere(
  employees: ReadonlyArray<PayrollFileEmployee & { residenceStateId: number | null }>,
  payrollStateId: number,
  states: readonly State[],
  registeredStateIds: ReadonlySet<number>,
) {
  const groups = new Map<number, PayrollFileEmployee[]>();
  for (const employee of employees) {
    if (employee.residenceStateId === null || employee.residenceStateId === payrollStateId) continue;
    const group = groups.get(employee.residenceStateId) ?? [];
    group.push(employee);
    groups.set(employee.residenceStateId, group);
  }
  return [...groups.entries()].map(([stateId, group]) => {
    const state = states.find((candidate) => candidate.id === stateId)!;
    return {
      state: { code: state.code, name: state.name, revenue_service: state.revenueService },
      registered: registeredStateIds.has(stateId),
      employee_count: group.length,
      employees: group.slice(0, MAX_LISTED).map((employee) => ({
        row: employee.rowNumber,
        tax_payer_number: employee.taxPayerNumber,
        name: employee.name,
      })),
      message: residenceMessage(state),
    };
  });
}

interface PayPoint {
  taxPayerNumber: string;
  name: string;
  grossIncomeKobo: Kobo;
}

const grossOf = (employee: PayPoint | undefined) => (employee ? koboToNairaString(employee.grossIncomeKobo) : null);

/** Who joined, who left and whose gross changed between the payroll on file and the new one, by Tax ID. */
export function payrollChangesOf(
  previous: readonly PayPoint[],
  next: readonly PayPoint[],
  previousUploadedAt: Date | null,
): PayrollChanges {
  const before = new Map(previous.map((employee) => [employee.taxPayerNumber, employee]));
  const after = new Map(next.map((employee) => [employee.taxPayerNumber, employee]));
  const change = (taxPayerNumber: string) => {
    const was = before.get(taxPayerNumber);
    const now = after.get(taxPayerNumber);
    return {
      tax_payer_number: taxPayerNumber,
      name: (now ?? was)!.name,
      gross_before: grossOf(was),
      gross_after: grossOf(now),
    };
  };
  const joiners = next
    .filter((employee) => !before.has(employee.taxPayerNumber))
    .map((employee) => employee.taxPayerNumber);
  const leavers = previous
    .filter((employee) => !after.has(employee.taxPayerNumber))
    .map((employee) => employee.taxPayerNumber);
  const payChanged = next
    .filter((employee) => {
      const was = before.get(employee.taxPayerNumber);
      return was !== undefined && was.grossIncomeKobo !== employee.grossIncomeKobo;
    })
    .map((employee) => employee.taxPayerNumber);
  return {
    previous_uploaded_at: previousUploadedAt?.toISOString() ?? null,
    joiner_count: joiners.length,
    leaver_count: leavers.length,
    pay_changed_count: payChanged.length,
    joiners: joiners.slice(0, MAX_LISTED).map(change),
    leavers: leavers.slice(0, MAX_LISTED).map(change),
    pay_changed: payChanged.slice(0, MAX_LISTED).map(change),
  };
}
