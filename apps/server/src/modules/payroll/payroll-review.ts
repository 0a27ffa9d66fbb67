import { residenceMessage, type CsvRowError } from '@levy/tax';
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
