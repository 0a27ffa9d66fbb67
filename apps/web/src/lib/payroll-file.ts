import {
  CSV_MESSAGES,
  describePayeMismatch,
  findPayeMismatches,
  lagosPeriod,
  PAYE_COLUMN,
  parsePayeFile,
  payrollRowNotices,
  regimeForPeriod,
  type Kobo,
} from '@levy/tax';

/** Only CSV files are accepted (docs/product.md §5): by name, or by type for files without .csv. */
export const PAYROLL_FILE_ACCEPT = '.csv,text/csv';
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel'];

export interface PayrollPreviewRow {
  row: number;
  taxPayerNumber: string;
  name: string;
  designation: string;
  grossIncome: Kobo;
  taxPayable: Kobo;
}

export type PayrollFileCheck =
  | {
      ok: true;
      rows: PayrollPreviewRow[];
      employeeCount: number;
      totalTaxPayable: Kobo;
      taxWarnings: string[];
      notices: string[];
    }
  | { ok: false; message: string; problems: string[] };

export function isCsvFile(file: File): boolean {
  return (
    file.name.toLowerCase().endsWith('.csv') ||
    (file.type !== '' && CSV_TYPES.includes(file.type.toLowerCase()) && !/\.(xlsx?|pdf|docx?)$/i.test(file.name))
  );
}

/**
 * Reads a payroll file in the browser with the same PAYE template rules the server applies,
 * so a wrong file is caught before it is sent: the spec message plus each row problem. The
 * employees whose declared tax differs from the law's this month are named as warnings.
 */
export async function checkPayrollFile(file: File): Promise<PayrollFileCheck> {
  if (!isCsvFile(file)) return { ok: false, message: CSV_MESSAGES.invalidDocument, problems: [] };
  const period = lagosPeriod(new Date());
  const parsed = parsePayeFile(new Uint8Array(await file.arrayBuffer()), period);
  if (!parsed.ok) {
    return {
      ok: false,
      message: parsed.message,
      problems: parsed.errors.map(
        (error) => `Row ${error.row}${error.column ? `, ${error.column}` : ''}: ${error.message}`,
      ),
    };
  }
  return {
    ok: true,
    rows: parsed.records.map((record, index) => ({
      row: parsed.rowNumbers[index],
      taxPayerNumber: record.tax_payer_number.toUpperCase(),
      name: record.name,
      designation: record.designation,
      grossIncome: parsed.money[index][PAYE_COLUMN.gross_income],
      taxPayable: parsed.amounts[index],
    })),
    employeeCount: parsed.recipientCount,
    totalTaxPayable: parsed.amountDue,
    taxWarnings: findPayeMismatches(parsed, period).map((mismatch) =>
      describePayeMismatch(mismatch, regimeForPeriod(period)),
    ),
    notices: payrollRowNotices(parsed, period).map((notice) => notice.message),
  };
}

/** Row problems from the server's INVALID_INPUT data (keys `row_N.column`), in row order. */
export function rowProblemsFrom(fieldErrors: Record<string, string>): string[] {
  return Object.entries(fieldErrors)
    .filter(([key]) => key.startsWith('row_'))
    .sort(([a], [b]) => Number.parseInt(a.slice(4), 10) - Number.parseInt(b.slice(4), 10))
    .map(([, message]) => message);
}
