import type { Period } from './calendar';
import { parsePayeCsv, type CsvInput, type CsvParseResult, type CsvParseSuccess } from './csv-parse';
import {
  PAYE_COLUMN,
  PAYE_INCOME_HEADERS,
  PAYE_TEMPLATE_HEADERS,
  type PayeHeader,
  type PayeOptionalCells,
  type PayeRecord,
  type PayeRow,
} from './csv-templates';
import { findRowInForce } from './dated';
import { asKobo, formatNaira, parseNaira, ZERO_KOBO, type Kobo } from './money';
import { computePaye, defaultPension } from './paye';
import { MINIMUM_WAGE_TABLE, PAYE_RULES, type PayeRegime } from './paye-rules';
import { firstDayOfPeriod } from './calendar';

/** Declared and recomputed PAYE may differ by this much before a row is flagged (₦1), since
 * payroll software often rounds monthly PAYE to the naira. */
export const PAYE_ROW_TOLERANCE_KOBO = 100;

export interface PayeRowCheck {
  regime: PayeRegime;
  monthlyGross: Kobo;
  /** The declared pension, else 8% of basic + housing + transport for the month (0 when those are empty). */
  monthlyPension: Kobo;
  /** True when the pension is the PRA default rather than declared in a `pension` column. */
  pensionIsDefault: boolean;
  /** Once-a-year pay (ONCE_A_YEAR_COLUMNS), taxed in this month only (capped at the month's gross). */
  irregularPay: Kobo;
  declaredMonthlyTax: Kobo;
  expectedMonthlyTax: Kobo;
  /** declared − expected. */
  difference: Kobo;
  /** True when |difference| is more than the tolerance. */
  differs: boolean;
}

function cellKobo(cell: string): Kobo {
  if (cell === undefined || cell.trim() === '') return ZERO_KOBO;
  const value = parseNaira(cell);
  return asKobo(value !== null && value > 0 ? value : 0);
}

/**
 * Pay an employee receives once a year, whatever month it falls in: taxing it as if it came every
 * month would flag a correct payroll (a ₦300,000 leave allowance annualised is ₦3,600,000).
 */
export const ONCE_A_YEAR_COLUMNS = ['leave', 'passage', 'bonus', '13th_month'] as const satisfies readonly PayeHeader[];

/** A row's amount in one PAYE column. A module function, not a closure per row: 100,000 rows. */
function columnOf(money: readonly Kobo[], header: PayeHeader): Kobo {
  return money[PAYE_COLUMN[header]];
}

/**
 * Recomputes one payroll row's PAYE for the month from its income columns, to flag rows whose
 * tax_payable differs. gross_income is the month's gross. The reliefs are the employee's declared
 * ones (the optional columns: monthly pension, NHF, NHIS, life assurance, mortgage interest, and a
 * year's rent), through the same engine as the public calculator; without a `pension` the PRA
 * default applies, 8% of basic + housing + transport, and without the others none is assumed.
 * Regular pay is annualised (× 12); leave, passage, bonus and 13th-month pay come once a year, so
 * the month carries the whole extra annual tax they cause (docs/decisions/0104).
 */
export function recomputePayeRow(
  record: PayeRow,
  period: Period,
  toleranceKobo: number = PAYE_ROW_TOLERANCE_KOBO,
  declared?: PayeOptionalCells,
): PayeRowCheck {
  return recomputePayeMoney(
    PAYE_TEMPLATE_HEADERS.map((header) => cellKobo(record[header])),
    period,
    toleranceKobo,
    declared,
  );
}

const MONTHS_PER_YEAR = 12;
const annualOf = (monthly: Kobo | undefined) => (monthly === undefined ? undefined : asKobo(monthly * MONTHS_PER_YEAR));

/**
 * `recomputePayeRow` on a row the parser has already turned into kobo (`CsvParseSuccess.money`),
 * so a 100,000-row file is not parsed twice.
 */
export function recomputePayeMoney(
  money: readonly Kobo[],
  period: Period,
  toleranceKobo: number = PAYE_ROW_TOLERANCE_KOBO,
  declared?: PayeOptionalCells,
): PayeRowCheck {
  const monthlyGross = columnOf(money, 'gross_income');
  const declaredMonthlyTax = columnOf(money, 'tax_payable');
  const pensionIsDefault = declared?.pension === undefined;
  const monthlyPension =
    declared?.pension ??
    defaultPension({
      basic: columnOf(money, 'basic_salary'),
      housing: columnOf(money, 'housing'),
      transport: columnOf(money, 'transport'),
    });
  let irregularTotal = 0;
  for (const header of ONCE_A_YEAR_COLUMNS) irregularTotal += columnOf(money, header);
  const irregularPay = asKobo(Math.min(irregularTotal, monthlyGross));
  const regularMonthly = monthlyGross - irregularPay;
  const reliefs = {
    pension: annualOf(monthlyPension),
    nhf: annualOf(declared?.nhf),
    nhis: annualOf(declared?.nhis),
    lifeAssurance: annualOf(declared?.life_assurance),
    mortgageInterest: annualOf(declared?.mortgage_interest),
    annualRent: declared?.annual_rent,
  };

  const regular = computePaye({ period, annualGross: asKobo(regularMonthly * MONTHS_PER_YEAR), ...reliefs });
  let expectedMonthlyTax = regular.monthlyTax;
  if (irregularPay > 0) {
    const withIrregular = computePaye({
      period,
      annualGross: asKobo(regularMonthly * MONTHS_PER_YEAR + irregularPay),
      ...reliefs,
    });
    expectedMonthlyTax = asKobo(regular.monthlyTax + (withIrregular.annualTax - regular.annualTax));
  }
  const difference = asKobo(declaredMonthlyTax - expectedMonthlyTax);
  return {
    regime: regular.regime,
    monthlyGross,
    monthlyPension,
    pensionIsDefault,
    irregularPay,
    declaredMonthlyTax,
    expectedMonthlyTax,
    difference,
    differs: Math.abs(difference) > toleranceKobo,
  };
}

export interface PayeMismatch {
  /** Spreadsheet row number (header = row 1). */
  row: number;
  taxPayerNumber: string;
  name: string;
  declaredMonthlyTax: Kobo;
  expectedMonthlyTax: Kobo;
  difference: Kobo;
}

/** Every row of a parsed PAYE file whose tax_payable differs from the recomputed PAYE. */
export function findPayeMismatches(
  parsed: CsvParseSuccess<PayeRecord>,
  period: Period,
  toleranceKobo: number = PAYE_ROW_TOLERANCE_KOBO,
): PayeMismatch[] {
  const mismatches: PayeMismatch[] = [];
  parsed.records.forEach((record, index) => {
    const check = recomputePayeMoney(parsed.money[index], period, toleranceKobo, parsed.optional?.[index]);
    if (check.differs) {
      mismatches.push({
        row: parsed.rowNumbers[index],
        taxPayerNumber: record.tax_payer_number,
        name: record.name,
        declaredMonthlyTax: check.declaredMonthlyTax,
        expectedMonthlyTax: check.expectedMonthlyTax,
        difference: check.difference,
      });
    }
  });
  return mismatches;
}

/**
 * "Row 4, Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦13,450.00 by NTA 2025 s.58": a warning,
 * never a block. The employee is always named; the row only when it is a row of a file the user
 * sent (null for the payroll on file, whose rows nobody wrote).
 */
export function describePayeMismatch(
  mismatch: Pick<PayeMismatch, 'name' | 'taxPayerNumber' | 'declaredMonthlyTax' | 'expectedMonthlyTax'> & {
    row: number | null;
  },
  regime: PayeRegime,
): string {
  const employee = `${mismatch.name} (${mismatch.taxPayerNumber})`;
  return (
    `${mismatch.row === null ? employee : `Row ${mismatch.row}, ${employee}`}: ${formatNaira(mismatch.declaredMonthlyTax)} declared, ` +
    `${formatNaira(mismatch.expectedMonthlyTax)} by ${PAYE_RULES[regime].citation}`
  );
}

/**
 * A PAYE file for a tax month (bills and payroll uploads). The "non-zero tax_payable" of docs/product.md
 * predates NTA 2025's ₦800,000 zero band, under which many full-time employees owe nothing: a row
 * declaring ₦0.00 is accepted when the engine also computes ₦0.00 for it in that month (exempt),
 * and refused with the spec's message and the engine's figure otherwise (docs/product.md "Bills").
 */
export function parsePayeFile(input: CsvInput, period: Period): CsvParseResult<PayeRecord> {
  return parsePayeCsv(input, (rowMoney, declared) => {
    const check = recomputePayeMoney(rowMoney, period, PAYE_ROW_TOLERANCE_KOBO, declared);
    return check.expectedMonthlyTax === 0
      ? null
      : `tax_payable must be a number greater than zero: ${formatNaira(check.expectedMonthlyTax)} is due for this row by ${PAYE_RULES[check.regime].citation}`;
  });
}

/** A payroll officer's check on one employee: a warning naming them, never a block. */
export interface PayrollRowNotice {
  kind: 'gross_not_components' | 'below_minimum_wage';
  row: number;
  taxPayerNumber: string;
  name: string;
  message: string;
}

/** The pay components after tax_payable: basic_salary … other_allowances. */
const COMPONENT_HEADERS = PAYE_INCOME_HEADERS.filter((header) => header !== 'gross_income');

/**
 * What a payroll officer looks for besides the tax: a gross that is not the sum of the pay
 * components the row lists (rows that list none are not judged), and a month's gross below the
 * national minimum wage in force in the month.
 */
export function payrollRowNotices(parsed: CsvParseSuccess<PayeRecord>, period: Period): PayrollRowNotice[] {
  const minimumWage = findRowInForce(MINIMUM_WAGE_TABLE, firstDayOfPeriod(period));
  const notices: PayrollRowNotice[] = [];
  parsed.records.forEach((record, index) => {
    const money = parsed.money[index];
    const employee = {
      row: parsed.rowNumbers[index],
      taxPayerNumber: record.tax_payer_number.toUpperCase(),
      name: record.name,
    };
    const said = `${employee.name} (${employee.taxPayerNumber})`;
    const gross = columnOf(money, 'gross_income');
    let components = 0;
    for (const header of COMPONENT_HEADERS) components += columnOf(money, header);
    if (components > 0 && components !== gross) {
      notices.push({
        kind: 'gross_not_components',
        ...employee,
        message: `${said}: gross income ${formatNaira(gross)} is not the sum of its pay components, ${formatNaira(asKobo(components))}`,
      });
    }
    if (minimumWage && gross > 0 && gross < minimumWage.value) {
      notices.push({
        kind: 'below_minimum_wage',
        ...employee,
        message:
          `${said}: gross income ${formatNaira(gross)} is below the national minimum wage of ${formatNaira(minimumWage.value)} a month ` +
          `(${minimumWage.source})`,
      });
    }
  });
  return notices;
}
