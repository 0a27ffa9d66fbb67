import { addMonths, formatPeriod, type IsoDate, type Period } from './calendar';
import { payeDueDate } from './deadlines';
import { PAYE_RELIEF_HEADERS, type PayeDeclaredReliefs, type PayeReliefHeader } from './csv-templates';
import { asKobo, divideKobo, ZERO_KOBO, type Kobo } from './money';
import { computePaye, defaultPension, type PayeReliefs } from './paye';
import { PAYE_ROW_TOLERANCE_KOBO } from './payroll-check';

/**
 * The employer's annual return (Form H1, NTAA s.14), pure: from a year's paid PAYE bills, every
 * employee's year and the employer's totals, reconciled to the bills, every difference named.
 */

/** The income columns of a PAYE row after gross_income, in the template's order. */
export const ANNUAL_RETURN_INCOME_COLUMNS = [
  'basic_salary',
  'housing',
  'transport',
  'furniture',
  'education',
  'lunch',
  'passage',
  'leave',
  'bonus',
  '13th_month',
  'utility',
  'other_allowances',
] as const;

export interface AnnualReturnBillRow {
  taxPayerNumber: string;
  name: string;
  designation: string | null;
  /** The month's gross income. */
  grossKobo: Kobo;
  /** PAYE deducted, as the bill declared it. */
  taxKobo: Kobo;
  /** The engine's PAYE for the month when the bill was made (payroll-check). */
  expectedTaxKobo: Kobo | null;
  /** The income columns (ANNUAL_RETURN_INCOME_COLUMNS); null when the bill has none. */
  incomesKobo: Kobo[] | null;
  /** The reliefs the row declared (monthly; annual_rent a year's); absent or null when none was. */
  declaredReliefs?: PayeDeclaredReliefs | null;
}

export interface AnnualReturnBill {
  reference: string;
  /** The tax month, YYYY-MM. */
  period: Period;
  supplementary: boolean;
  supplementaryReason: string | null;
  amountDueKobo: Kobo;
  rows: AnnualReturnBillRow[];
  /**
   * Paid on the state's portal before Levy, recorded with the agency's reference. With no rows the
   * month's split per employee is not on record: its amount enters the employer's total only.
   */
  paidOutsideLevy?: { agencyReference: string };
}

export interface AnnualReturnMonth {
  period: Period;
  grossKobo: Kobo;
  taxKobo: Kobo;
  /** The bills that paid it, by reference. */
  bills: string[];
}

export interface AnnualReturnEmployee {
  taxPayerNumber: string;
  /** As on the year's last bill that carried the employee. */
  name: string;
  designation: string | null;
  /** Months of the year with at least one paid row. */
  months: number;
  grossKobo: Kobo;
  /** Summed per column (ANNUAL_RETURN_INCOME_COLUMNS). */
  incomesKobo: Kobo[];
  /** The engine's reliefs on the year's figures (see `annualReliefs`). */
  reliefs: PayeReliefs;
  /** How many of the employee's months declared each relief; absent when none was ever declared (every relief by default). */
  declaredReliefMonths?: Partial<Record<PayeReliefHeader, number>>;
  totalReliefsKobo: Kobo;
  chargeableIncomeKobo: Kobo;
  /** PAYE deducted: the sum of the employee's rows on the year's paid bills. */
  taxDeductedKobo: Kobo;
  /** The engine's monthly figures, summed over the same rows. */
  expectedTaxKobo: Kobo;
  monthly: AnnualReturnMonth[];
}

export type AnnualReturnDifference =
  /** A month owed whose PAYE deadline has passed with no paid bill. */
  | { kind: 'missing_month'; period: Period }
  /** A month owed with no paid bill yet, whose PAYE is not due until `dueDate`. */
  | { kind: 'month_not_due'; period: Period; dueDate: IsoDate }
  | { kind: 'supplementary'; period: Period; reference: string; reason: string | null; taxKobo: Kobo }
  | {
      kind: 'declared_tax';
      taxPayerNumber: string;
      name: string;
      periods: Period[];
      declaredKobo: Kobo;
      expectedKobo: Kobo;
      differenceKobo: Kobo;
    }
  | { kind: 'bill_total'; reference: string; amountDueKobo: Kobo; rowsKobo: Kobo }
  /** A month paid on the state's portal before Levy; `split` false when its employees' figures are not on record. */
  | { kind: 'paid_outside_levy'; period: Period; reference: string; taxKobo: Kobo; split: boolean };

export interface AnnualReturn {
  year: number;
  /** The months owed in the year: from the registration's first tax month (or January) to December. */
  monthsOwed: Period[];
  /**
   * `paidOutsideLevy`: a month paid on the state's portal before Levy, recorded by the user (absent in
   * a return filed before the flag was kept).
   */
  bills: Array<{
    reference: string;
    period: Period;
    supplementary: boolean;
    amountDueKobo: Kobo;
    paidOutsideLevy?: boolean;
  }>;
  employees: AnnualReturnEmployee[];
  totals: {
    employees: number;
    grossKobo: Kobo;
    incomesKobo: Kobo[];
    totalReliefsKobo: Kobo;
    taxDeductedKobo: Kobo;
    expectedTaxKobo: Kobo;
    billsAmountDueKobo: Kobo;
  };
  /** True when the employees' PAYE deducted equals the paid bills' amount due. */
  reconciled: boolean;
  differences: AnnualReturnDifference[];
}

/** The reliefs a month's row gives, as the engine allows them on its figures (each a year's amount). */
const MONTH_RELIEFS = ['pension', 'nhf', 'nhis', 'lifeAssurance', 'mortgageInterest', 'rentRelief'] as const;
export type MonthReliefSums = Record<(typeof MONTH_RELIEFS)[number], number>;

const yearOf = (monthly: Kobo | undefined) => (monthly === undefined ? undefined : asKobo(monthly * 12));

/**
 * The engine's reliefs for one month's row that declared some: its monthly amounts × 12 and its
 * year's rent, with the law's caps (rent relief at most ₦500,000), as the bill's check took them;
 * pension at the PRA default when the row declared none.
 */
function monthReliefs(period: Period, row: AnnualReturnBillRow, declared: PayeDeclaredReliefs): PayeReliefs {
  const [basic, housing, transport] = row.incomesKobo ?? [];
  return computePaye({
    period,
    annualGross: asKobo(row.grossKobo * 12),
    pension: yearOf(declared.pension),
    pensionableComponents: { basic: yearOf(basic), housing: yearOf(housing), transport: yearOf(transport) },
    nhf: yearOf(declared.nhf),
    nhis: yearOf(declared.nhis),
    lifeAssurance: yearOf(declared.life_assurance),
    mortgageInterest: yearOf(declared.mortgage_interest),
    annualRent: declared.annual_rent,
  }).reliefs;
}

/**
 * Reliefs on an employee's year as the bills taxed it, the regime the one in force in December.
 * Months whose row declared reliefs give a twelfth of what the engine allowed that month
 * (`fromMonths`: those months' figures summed, each relief divided by 12 once); the other months
 * give pension at the PRA default of 8% of their basic + housing + transport (`pensionBaseKobo`)
 * and nothing else. Under PITA the Consolidated Relief Allowance is on the year's gross.
 */
export function annualReliefs(
  year: number,
  grossKobo: Kobo,
  pensionBaseKobo: readonly Kobo[],
  fromMonths?: MonthReliefSums,
) {
  const [basic, housing, transport] = pensionBaseKobo;
  const twelfth = (relief: keyof MonthReliefSums) =>
    fromMonths ? divideKobo(asKobo(fromMonths[relief]), 12) : ZERO_KOBO;
  const result = computePaye({
    period: formatPeriod(year, 12),
    annualGross: grossKobo,
    pension: asKobo(defaultPension({ basic, housing, transport }) + twelfth('pension')),
    nhf: twelfth('nhf'),
    nhis: twelfth('nhis'),
    lifeAssurance: twelfth('lifeAssurance'),
    mortgageInterest: twelfth('mortgageInterest'),
  });
  // Rent relief is capped per year: each month's is already capped, so the year's is their twelfths.
  const rentRelief = twelfth('rentRelief');
  const totalReliefsKobo = asKobo(result.totalReliefs + rentRelief);
  return {
    reliefs: { ...result.reliefs, rentRelief },
    totalReliefsKobo,
    chargeableIncomeKobo: asKobo(grossKobo > totalReliefsKobo ? grossKobo - totalReliefsKobo : 0),
  };
}

const sum = (values: readonly number[]) => asKobo(values.reduce((total, value) => total + value, 0));

/** `asOf` is today in Lagos: a month without a paid bill is unpaid only once its PAYE deadline has passed. */
export function computeAnnualReturn(input: {
  year: number;
  firstTaxMonth: Period;
  bills: AnnualReturnBill[];
  asOf: IsoDate;
}): AnnualReturn {
  const { year } = input;
  const january = formatPeriod(year, 1);
  const december = formatPeriod(year, 12);
  const monthsOwed: Period[] = [];
  for (
    let month = input.firstTaxMonth > january ? input.firstTaxMonth : january;
    month <= december;
    month = addMonths(month, 1)
  )
    monthsOwed.push(month);
  const bills = input.bills
    .filter((bill) => bill.period.startsWith(`${year}-`))
    .sort(
      (left, right) =>
        left.period.localeCompare(right.period) ||
        Number(left.supplementary) - Number(right.supplementary) ||
        left.reference.localeCompare(right.reference),
    );

  const differences: AnnualReturnDifference[] = [];
  const paidMonths = new Set(bills.map((bill) => bill.period));
  for (const month of monthsOwed) {
    if (paidMonths.has(month)) continue;
    const dueDate = payeDueDate(month);
    differences.push(
      dueDate < input.asOf
        ? { kind: 'missing_month', period: month }
        : { kind: 'month_not_due', period: month, dueDate },
    );
  }

  interface Building {
    employee: Omit<AnnualReturnEmployee, 'reliefs' | 'totalReliefsKobo' | 'chargeableIncomeKobo' | 'months'>;
    months: Map<Period, AnnualReturnMonth>;
    differing: { periods: Set<Period>; declared: number; expected: number };
    /** Basic, housing and transport of the months that declared no relief: their pension is the default. */
    pensionBase: [number, number, number];
    /** The months that declared reliefs: the engine's figures summed, and which months declared each. */
    declared: { sums: MonthReliefSums; months: Map<PayeReliefHeader, Set<Period>> } | null;
  }
  const byTaxId = new Map<string, Building>();
  for (const bill of bills) {
    const rowsTax = sum(bill.rows.map((row) => row.taxKobo));
    if (bill.supplementary)
      differences.push({
        kind: 'supplementary',
        period: bill.period,
        reference: bill.reference,
        reason: bill.supplementaryReason,
        taxKobo: rowsTax,
      });
    if (bill.paidOutsideLevy)
      differences.push({
        kind: 'paid_outside_levy',
        period: bill.period,
        reference: bill.paidOutsideLevy.agencyReference,
        taxKobo: bill.amountDueKobo,
        split: bill.rows.length > 0,
      });
    if (rowsTax !== bill.amountDueKobo && !(bill.paidOutsideLevy && bill.rows.length === 0))
      differences.push({
        kind: 'bill_total',
        reference: bill.reference,
        amountDueKobo: bill.amountDueKobo,
        rowsKobo: rowsTax,
      });
    for (const row of bill.rows) {
      let entry = byTaxId.get(row.taxPayerNumber);
      if (!entry) {
        entry = {
          employee: {
            taxPayerNumber: row.taxPayerNumber,
            name: row.name,
            designation: row.designation,
            grossKobo: asKobo(0),
            incomesKobo: ANNUAL_RETURN_INCOME_COLUMNS.map(() => asKobo(0)),
            taxDeductedKobo: asKobo(0),
            expectedTaxKobo: asKobo(0),
            monthly: [],
          },
          months: new Map(),
          differing: { periods: new Set(), declared: 0, expected: 0 },
          pensionBase: [0, 0, 0],
          declared: null,
        };
        byTaxId.set(row.taxPayerNumber, entry);
      }
      const { employee } = entry;
      employee.name = row.name;
      employee.designation = row.designation ?? employee.designation;
      employee.grossKobo = asKobo(employee.grossKobo + row.grossKobo);
      row.incomesKobo?.forEach((income, index) => {
        if (index < employee.incomesKobo.length)
          employee.incomesKobo[index] = asKobo(employee.incomesKobo[index] + income);
      });
      if (row.declaredReliefs) {
        const reliefs = monthReliefs(bill.period, row, row.declaredReliefs);
        entry.declared ??= {
          sums: { pension: 0, nhf: 0, nhis: 0, lifeAssurance: 0, mortgageInterest: 0, rentRelief: 0 },
          months: new Map(),
        };
        for (const relief of MONTH_RELIEFS) entry.declared.sums[relief] += reliefs[relief];
        for (const header of PAYE_RELIEF_HEADERS) {
          if (row.declaredReliefs[header] === undefined) continue;
          const months = entry.declared.months.get(header) ?? new Set<Period>();
          entry.declared.months.set(header, months.add(bill.period));
        }
      } else if (row.incomesKobo) {
        for (let index = 0; index < 3; index++) entry.pensionBase[index] += row.incomesKobo[index] ?? 0;
      }
      employee.taxDeductedKobo = asKobo(employee.taxDeductedKobo + row.taxKobo);
      const expected = row.expectedTaxKobo ?? row.taxKobo;
      employee.expectedTaxKobo = asKobo(employee.expectedTaxKobo + expected);
      if (Math.abs(row.taxKobo - expected) > PAYE_ROW_TOLERANCE_KOBO) {
        entry.differing.periods.add(bill.period);
        entry.differing.declared += row.taxKobo;
        entry.differing.expected += expected;
      }
      const month = entry.months.get(bill.period) ?? {
        period: bill.period,
        grossKobo: asKobo(0),
        taxKobo: asKobo(0),
        bills: [],
      };
      month.grossKobo = asKobo(month.grossKobo + row.grossKobo);
      month.taxKobo = asKobo(month.taxKobo + row.taxKobo);
      if (!month.bills.includes(bill.reference)) month.bills.push(bill.reference);
      entry.months.set(bill.period, month);
    }
  }

  const employees: AnnualReturnEmployee[] = [...byTaxId.values()]
    .map(({ employee, months, differing, pensionBase, declared }) => {
      if (differing.periods.size > 0) {
        differences.push({
          kind: 'declared_tax',
          taxPayerNumber: employee.taxPayerNumber,
          name: employee.name,
          periods: [...differing.periods].sort(),
          declaredKobo: asKobo(differing.declared),
          expectedKobo: asKobo(differing.expected),
          differenceKobo: asKobo(differing.declared - differing.expected),
        });
      }
      return {
        ...employee,
        months: months.size,
        monthly: [...months.values()].sort((left, right) => left.period.localeCompare(right.period)),
        ...annualReliefs(year, employee.grossKobo, pensionBase.map(asKobo), declared?.sums),
        ...(declared && {
          declaredReliefMonths: Object.fromEntries(
            [...declared.months].map(([header, periods]) => [header, periods.size]),
          ),
        }),
      };
    })
    .sort(
      (left, right) => left.name.localeCompare(right.name) || left.taxPayerNumber.localeCompare(right.taxPayerNumber),
    );

  // Months paid outside Levy without their payroll: their total is the employer's, split unknown.
  const unsplitKobo = sum(
    bills.filter((bill) => bill.paidOutsideLevy && bill.rows.length === 0).map((bill) => bill.amountDueKobo),
  );
  const taxDeductedKobo = sum([...employees.map((employee) => employee.taxDeductedKobo), unsplitKobo]);
  const billsAmountDueKobo = sum(bills.map((bill) => bill.amountDueKobo));
  return {
    year,
    monthsOwed,
    bills: bills.map((bill) => ({
      reference: bill.reference,
      period: bill.period,
      supplementary: bill.supplementary,
      amountDueKobo: bill.amountDueKobo,
      paidOutsideLevy: bill.paidOutsideLevy !== undefined,
    })),
    employees,
    totals: {
      employees: employees.length,
      grossKobo: sum(employees.map((employee) => employee.grossKobo)),
      incomesKobo: ANNUAL_RETURN_INCOME_COLUMNS.map((_column, index) =>
        sum(employees.map((employee) => employee.incomesKobo[index])),
      ),
      totalReliefsKobo: sum(employees.map((employee) => employee.totalReliefsKobo)),
      taxDeductedKobo,
      expectedTaxKobo: sum(employees.map((employee) => employee.expectedTaxKobo)),
      billsAmountDueKobo,
    },
    reconciled: taxDeductedKobo === billsAmountDueKobo,
    differences,
  };
}
