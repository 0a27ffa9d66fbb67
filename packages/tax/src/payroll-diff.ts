import { addKobo, type Kobo } from './money';

/** One employee as two payrolls are compared: by Tax ID, with the month's gross income and declared PAYE. */
export interface PayrollDiffEmployee {
  taxPayerNumber: string;
  name: string;
  grossIncomeKobo: Kobo;
  taxPayableKobo: Kobo;
}

/** An employee on either side; the figures before or after are null where they were not on that payroll. */
export interface PayrollDiffLine {
  taxPayerNumber: string;
  name: string;
  grossBefore: Kobo | null;
  grossAfter: Kobo | null;
  taxBefore: Kobo | null;
  taxAfter: Kobo | null;
}

/** Who joined, who left and whose gross or tax changed; each list at most `limit` long, the counts whole. */
export interface PayrollDiff {
  joinerCount: number;
  leaverCount: number;
  changedCount: number;
  joiners: PayrollDiffLine[];
  leavers: PayrollDiffLine[];
  changed: PayrollDiffLine[];
}

/** Tax IDs compare as the templates read them: trimmed, without case. */
const keyOf = (taxPayerNumber: string) => taxPayerNumber.trim().toUpperCase();

/**
 * What changed from one payroll to the next, employee by employee, matched by Tax ID (names and
 * row order may change; the Tax ID is the person). Joiners and changed employees come in the new
 * payroll's order, leavers in the old one's. A Tax ID written twice on one side counts once, its
 * figures summed: the revenue service holds one record per person.
 */
export function diffPayrolls(
  before: readonly PayrollDiffEmployee[],
  after: readonly PayrollDiffEmployee[],
  limit = Number.POSITIVE_INFINITY,
): PayrollDiff {
  const was = byTaxId(before);
  const now = byTaxId(after);
  const line = (key: string): PayrollDiffLine => {
    const old = was.get(key);
    const next = now.get(key);
    return {
      taxPayerNumber: (next ?? old)!.taxPayerNumber,
      name: (next ?? old)!.name,
      grossBefore: old?.grossIncomeKobo ?? null,
      grossAfter: next?.grossIncomeKobo ?? null,
      taxBefore: old?.taxPayableKobo ?? null,
      taxAfter: next?.taxPayableKobo ?? null,
    };
  };
  const joiners = [...now.keys()].filter((key) => !was.has(key));
  const leavers = [...was.keys()].filter((key) => !now.has(key));
  const changed = [...now.keys()].filter((key) => {
    const old = was.get(key);
    const next = now.get(key)!;
    return (
      old !== undefined && (old.grossIncomeKobo !== next.grossIncomeKobo || old.taxPayableKobo !== next.taxPayableKobo)
    );
  });
  return {
    joinerCount: joiners.length,
    leaverCount: leavers.length,
    changedCount: changed.length,
    joiners: joiners.slice(0, limit).map(line),
    leavers: leavers.slice(0, limit).map(line),
    changed: changed.slice(0, limit).map(line),
  };
}

function byTaxId(employees: readonly PayrollDiffEmployee[]): Map<string, PayrollDiffEmployee> {
  const found = new Map<string, PayrollDiffEmployee>();
  for (const employee of employees) {
    const key = keyOf(employee.taxPayerNumber);
    const seen = found.get(key);
    found.set(
      key,
      seen
        ? {
            ...seen,
            grossIncomeKobo: addKobo(seen.grossIncomeKobo, employee.grossIncomeKobo),
            taxPayableKobo: addKobo(seen.taxPayableKobo, employee.taxPayableKobo),
          }
        : employee,
    );
  }
  return found;
}
