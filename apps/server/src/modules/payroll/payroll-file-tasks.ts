import {
  findPayeMismatches,
  lagosPeriod,
  PAYE_COLUMN,
  PAYE_RELIEF_HEADERS,
  PAYE_TEMPLATE_HEADERS,
  parsePayeFile,
  payrollRowNotices,
  type CsvParseFailure,
  type Kobo,
  type PayeMismatch,
  type PayeReliefHeader,
  type PayrollRowNotice,
  type Period,
} from '@levy/tax';

/** The allowance columns of the PAYE template, after tax_payable (docs/product.md §3). */
export const ALLOWANCE_HEADERS = PAYE_TEMPLATE_HEADERS.slice(6);

/** Employees whose declared tax differs from the law's, listed at upload; the first ones are enough to act on. */
const MAX_TAX_WARNINGS = 100;

export interface PayrollFileEmployee {
  rowNumber: number;
  taxPayerNumber: string;
  name: string;
  nationality: string;
  designation: string;
  grossIncomeKobo: Kobo;
  taxPayableKobo: Kobo;
  allowancesKobo: Record<string, Kobo>;
  /** The reliefs the row declared; null when it declared none. */
  reliefsKobo: Partial<Record<PayeReliefHeader, Kobo>> | null;
  /** state_of_residence as written; null when the row gave none. */
  residence: string | null;
}

/**
 * A payroll file's employees, checked for this month's rules (exempt employees owe ₦0.00), with
 * the employees whose declared tax differs from the engine's for the month and a payroll
 * officer's notices. Runs in the file workers (workers/worker-pool.ts), so a payroll of thousands
 * never holds up other requests.
 */
export function payrollEmployees({ content, now }: { content: Uint8Array; now: Date }):
  | Pick<CsvParseFailure, 'ok' | 'message' | 'errors'>
  | {
      ok: true;
      period: Period;
      amountDue: Kobo;
      taxWarnings: PayeMismatch[];
      notices: PayrollRowNotice[];
      employees: PayrollFileEmployee[];
    } {
  const period = lagosPeriod(now);
  const parsed = parsePayeFile(content, period);
  if (!parsed.ok) return parsed;
  const employees = parsed.records.map((record, index): PayrollFileEmployee => {
    const declared = parsed.optional?.[index];
    const money = parsed.money[index];
    const reliefs = declared
      ? Object.fromEntries(
          PAYE_RELIEF_HEADERS.flatMap((header) => (declared[header] === undefined ? [] : [[header, declared[header]]])),
        )
      : {};
    return {
      rowNumber: parsed.rowNumbers[index],
      taxPayerNumber: record.tax_payer_number.toUpperCase(),
      name: record.name,
      nationality: record.nationality,
      designation: record.designation,
      grossIncomeKobo: money[PAYE_COLUMN.gross_income],
      taxPayableKobo: parsed.amounts[index],
      allowancesKobo: Object.fromEntries(ALLOWANCE_HEADERS.map((header) => [header, money[PAYE_COLUMN[header]]])),
      reliefsKobo: Object.keys(reliefs).length > 0 ? reliefs : null,
      residence: declared?.state_of_residence ?? null,
    };
  });
  return {
    ok: true,
    period,
    amountDue: parsed.amountDue,
    taxWarnings: findPayeMismatches(parsed, period).slice(0, MAX_TAX_WARNINGS),
    notices: payrollRowNotices(parsed, period).slice(0, MAX_TAX_WARNINGS),
    employees,
  };
}
