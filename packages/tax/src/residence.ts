/**
 * Where an employee's PAYE is owed: the state of residence (docs/tax-rules.md §8). A payroll's
 * `state_of_residence` cell names it by code (OG) or name (Ogun, "Ogun State"), without case; the
 * FCT also as "FCT" or "Abuja". The server, the file workers and the browser resolve it alike.
 */
export function residenceResolver<T extends { code: string; name: string }>(states: readonly T[]) {
  const byWord = new Map<string, T>();
  for (const state of states) {
    byWord.set(state.code.toLowerCase(), state);
    byWord.set(state.name.toLowerCase(), state);
    byWord.set(`${state.name.toLowerCase()} state`, state);
    if (state.code === 'FC') for (const alias of ['fct', 'abuja']) byWord.set(alias, state);
  }
  // A payroll names a few states on thousands of rows: each way of writing one is tidied once.
  const byWritten = new Map<string, T | undefined>();
  return (written: string): T | undefined => {
    if (byWritten.has(written)) return byWritten.get(written);
    const state = byWord.get(written.trim().replace(/\s+/g, ' ').toLowerCase());
    byWritten.set(written, state);
    return state;
  };
}

/** "Resident in Ogun: PAYE due to Ogun State Internal Revenue Service" (NTAA 2025 First Schedule para 2). */
export function residenceMessage(state: { name: string; revenueService: string }): string {
  return `Resident in ${state.name}: PAYE due to ${state.revenueService}`;
}

/** An employee on a payroll who lives in another state than the payroll's. */
export interface ResidentElsewhere {
  row: number;
  taxPayerNumber: string;
  name: string;
}

/** The employees of one other state of residence, in file order. */
export interface ResidenceGroup<T> {
  state: T;
  employees: ResidentElsewhere[];
}

/**
 * A payroll's employees grouped by the other state each lives in, in order of first appearance;
 * rows without a residence, or resident in the payroll's own state, are in no group. A residence
 * that names no state is left to the file checks (it is a row error there).
 */
export function groupResidentsElsewhere<T extends { code: string; name: string }>(
  rows: ReadonlyArray<ResidentElsewhere & { residence: string | undefined | null }>,
  payrollStateCode: string,
  states: readonly T[],
): Array<ResidenceGroup<T>> {
  const resolve = residenceResolver(states);
  const groups = new Map<string, ResidenceGroup<T>>();
  for (const row of rows) {
    if (!row.residence) continue;
    const state = resolve(row.residence);
    if (!state || state.code === payrollStateCode) continue;
    const group = groups.get(state.code) ?? { state, employees: [] };
    group.employees.push({ row: row.row, taxPayerNumber: row.taxPayerNumber, name: row.name });
    groups.set(state.code, group);
  }
  return [...groups.values()];
}
