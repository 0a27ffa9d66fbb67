import { findPayeMismatches, lagosPeriod, PAYE_TEMPLATE_HEADERS, parseNaira, parsePayeFile, ZERO_KOBO, type CsvParseFailure, type Kobo, type PayeMismatch, type Period } from '@levy/tax';

/** The allowance columns of the PAYE template, after tax_payable (product-spec §3). */
export const ALLOWANCE_HEADERS = PAYE_TEMPLATE_HEADERS.slice(6);

const toKobo = (cell: string): Kobo => parseNaira(cell) ?? ZERO_KOBO;

/** Employees whose declared tax differs from the law's, listed at upload; the first ones are enough to act on. */
const MAX_TAX_WARNINGS = 100;

/**
 * A payroll file's employees, checked for this month's rules (exempt employees owe ₦0.00), with
 * the employees whose declared tax differs from the engine's for the month. Runs in
 * the file workers (workers/worker-pool.ts), so a payroll of thousands never holds up other requests.
 */
export function payrollEmployees({ content, now }: { content: Uint8Array; now: Date }): Pick<CsvParseFailure, 'ok' | 'message' | 'errors'> | {
  ok: true;
  period: Period;
  amountDue: Kobo;
  taxWarnings: PayeMismatch[];
  employees: Array<{ rowNumber: number; taxPayerNumber: string; name: string; nationality: string; designation: string; grossIncomeKobo: Kobo; taxPayableKobo: Kobo; allowancesKobo: Record<string, Kobo> }>;
} {
  const period = lagosPeriod(now);
  const parsed = parsePayeFile(content, period);
  if (!parsed.ok) return parsed;
  const employees = parsed.records.map((record, index) => ({
    rowNumber: parsed.rowNumbers[index],
    taxPayerNumber: record.tax_payer_number.toUpperCase(),
    name: record.name,
    nationality: record.nationality,
    designation: record.designation,
    grossIncomeKobo: toKobo(record.gross_income),
    taxPayableKobo: parsed.amounts[index],
    allowancesKobo: Object.fromEntries(ALLOWANCE_HEADERS.map((header) => [header, toKobo(record[header])])),
  }));
  return { ok: true, period, amountDue: parsed.amountDue, taxWarnings: findPayeMismatches(parsed, period).slice(0, MAX_TAX_WARNINGS), employees };
}
