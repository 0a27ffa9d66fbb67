import { lagosPeriod, PAYE_TEMPLATE_HEADERS, parseNaira, parsePayeFile, ZERO_KOBO, type CsvParseFailure, type Kobo } from '@levy/tax';

/** The allowance columns of the PAYE template, after tax_payable (product-spec §3). */
export const ALLOWANCE_HEADERS = PAYE_TEMPLATE_HEADERS.slice(6);

const toKobo = (cell: string): Kobo => parseNaira(cell) ?? ZERO_KOBO;

/**
 * A payroll file's employees, checked for this month's rules (exempt employees owe ₦0.00). Runs in
 * the file workers (workers/worker-pool.ts), so a payroll of thousands never holds up other requests.
 */
export function payrollEmployees({ content, now }: { content: Uint8Array; now: Date }): Pick<CsvParseFailure, 'ok' | 'message' | 'errors'> | {
  ok: true;
  amountDue: Kobo;
  employees: Array<{ rowNumber: number; taxPayerNumber: string; name: string; nationality: string; designation: string; grossIncomeKobo: Kobo; taxPayableKobo: Kobo; allowancesKobo: Record<string, Kobo> }>;
} {
  const parsed = parsePayeFile(content, lagosPeriod(now));
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
  return { ok: true, amountDue: parsed.amountDue, employees };
}
