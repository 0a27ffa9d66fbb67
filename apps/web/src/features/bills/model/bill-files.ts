import {
  asKobo,
  CSV_MESSAGES,
  describePayeMismatch,
  findPayeMismatches,
  groupResidentsElsewhere,
  residenceMessage,
  sumKobo,
  parsePayeFile,
  payrollRowNotices,
  parseWhtAutoCsv,
  parseWhtManualCsv,
  PAYE_TEMPLATE_HEADERS,
  regimeForPeriod,
  WHT_AUTO_TEMPLATE_HEADERS,
  WHT_MANUAL_TEMPLATE_HEADERS,
  whtPayeesText,
  type CsvParseSuccess,
  type Kobo,
  type PayeRecord,
  type PayrollDiffEmployee,
} from '@levy/tax';
import { isCsvFile } from '../../../lib/payroll-file';

export type WhtMethod = 'auto' | 'manual';

/** A bill file read in the browser: what the summary and preview show before anything is sent. */
export interface CheckedBillFile {
  ok: true;
  recipientCount: number;
  /** PAYE and WHT manual: the sum of tax_payable; WHT auto: the sum of the amounts the tax is on. */
  amountDue: Kobo;
  rows: Array<{ row: number; taxPayerNumber: string; name: string; amount: Kobo }>;
  /**
   * PAYE rows whose declared tax differs from the engine's: "Row 4, Ngozi Eze (N-1000003): ₦12,000.00
   * declared, ₦13,450.00 by NTA 2025 s.58"; for the payroll on file, the employee alone.
   */
  warnings: string[];
  /**
   * PAYE: what a payroll officer checks besides the tax, by name (a gross that is not the sum of its
   * components, pay below the minimum wage): said, never a block.
   */
  notices: string[];
  /** PAYE: each employee's gross and declared tax, to compare with the previous bill. */
  employees?: PayrollDiffEmployee[];
  /**
   * PAYE: the employees who live in another state than the bill's, by state (docs/tax-rules.md §8).
   * The server leaves them out of the bill unless the preparer confirms them.
   */
  residentsElsewhere: ResidentsElsewhereGroup[];
}

/** Employees of a PAYE file who live in one other state, and the tax the file declares for them. */
export interface ResidentsElsewhereGroup {
  state: { code: string; name: string; revenue_service: string };
  /** "Resident in Ogun: PAYE due to Ogun State Internal Revenue Service" */
  message: string;
  employees: Array<{ row: number; taxPayerNumber: string; name: string }>;
  taxDeclared: Kobo;
}

/** The state a PAYE bill is for and every state: what the employees' residences are read against. */
export interface ResidenceContext {
  payrollStateCode: string;
  states: ReadonlyArray<{ code: string; name: string; revenue_service: string }>;
}

/** What the bill covers with the residents elsewhere left out, or with them on confirmation. */
export function coveredBy(
  file: CheckedBillFile,
  includeElsewhere: boolean,
): { recipientCount: number; amountDue: Kobo } {
  if (includeElsewhere || file.residentsElsewhere.length === 0)
    return { recipientCount: file.recipientCount, amountDue: file.amountDue };
  const away = file.residentsElsewhere;
  return {
    recipientCount: file.recipientCount - away.reduce((count, group) => count + group.employees.length, 0),
    amountDue: asKobo(file.amountDue - sumKobo(away.map((group) => group.taxDeclared))),
  };
}

export type BillFileCheck =
  CheckedBillFile | { ok: false; kind: 'invalid-file' | 'parsing'; message: string; problems: string[] };

async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

function failureOf(parsed: {
  message: string;
  errors: Array<{ row: number; column: string | null; message: string }>;
}): BillFileCheck {
  return {
    ok: false,
    kind: 'parsing',
    message: parsed.message,
    problems: parsed.errors.map(
      (error) => `Row ${error.row}${error.column ? `, ${error.column}` : ''}: ${error.message}`,
    ),
  };
}

const GROSS_COLUMN = PAYE_TEMPLATE_HEADERS.indexOf('gross_income');

/** Each employee's gross and declared tax, to compare one payroll with another. */
function diffEmployeesOf(parsed: CsvParseSuccess<PayeRecord>): PayrollDiffEmployee[] {
  return parsed.records.map((record, index) => ({
    taxPayerNumber: record.tax_payer_number.toUpperCase(),
    name: record.name,
    grossIncomeKobo: parsed.money[index][GROSS_COLUMN],
    taxPayableKobo: parsed.amounts[index],
  }));
}

/**
 * The employees of a payroll file (the payroll on file a new file is compared with): read only, not
 * checked, since the summary's checks are of the bill's own file; null when it cannot be read.
 */
export async function payrollEmployeesOf(file: File, period: string): Promise<PayrollDiffEmployee[] | null> {
  const parsed = parsePayeFile(await bytesOf(file), period);
  return parsed.ok ? diffEmployeesOf(parsed) : null;
}

/**
 * A PAYE bill file checked with the server's template rules, with each row's PAYE recomputed by
 * the engine for the month: rows that differ are warnings, never a block. The payroll on file is
 * a file the app wrote, so its warnings name the employee and never a row of it.
 */
export async function checkPayeBillFile(
  file: File,
  period: string,
  options: { fromPayrollOnFile?: boolean; residence?: ResidenceContext } = {},
): Promise<BillFileCheck> {
  if (!isCsvFile(file)) return { ok: false, kind: 'invalid-file', message: CSV_MESSAGES.invalidDocument, problems: [] };
  const parsed = parsePayeFile(await bytesOf(file), period);
  if (!parsed.ok) return failureOf(parsed);
  const regime = regimeForPeriod(period);
  const optional = parsed.optional;
  const groups =
    options.residence && optional
      ? groupResidentsElsewhere(
          parsed.records.map((record, index) => ({
            row: parsed.rowNumbers[index],
            taxPayerNumber: record.tax_payer_number.toUpperCase(),
            name: record.name,
            residence: optional[index]?.state_of_residence,
          })),
          options.residence.payrollStateCode,
          options.residence.states,
        )
      : [];
  const amountOfRow = new Map(parsed.rowNumbers.map((row, index) => [row, parsed.amounts[index]]));
  return {
    ok: true,
    recipientCount: parsed.recipientCount,
    amountDue: parsed.amountDue,
    rows: parsed.records.map((record, index) => ({
      row: parsed.rowNumbers[index],
      taxPayerNumber: record.tax_payer_number.toUpperCase(),
      name: record.name,
      amount: parsed.amounts[index],
    })),
    warnings: findPayeMismatches(parsed, period).map((mismatch) =>
      describePayeMismatch({ ...mismatch, row: options.fromPayrollOnFile ? null : mismatch.row }, regime),
    ),
    notices: payrollRowNotices(parsed, period).map((notice) => notice.message),
    employees: diffEmployeesOf(parsed),
    residentsElsewhere: groups.map((group) => ({
      state: group.state,
      message: residenceMessage({ name: group.state.name, revenueService: group.state.revenue_service }),
      employees: group.employees,
      taxDeclared: sumKobo(group.employees.map((employee) => amountOfRow.get(employee.row) ?? asKobo(0))),
    })),
  };
}

/** A WHT file: manual (tax_payer_number, name, tax_payable) or auto (tax_payer_number, name, amount). */
export async function checkWhtFile(file: File, method: WhtMethod): Promise<BillFileCheck> {
  if (!isCsvFile(file)) return { ok: false, kind: 'invalid-file', message: CSV_MESSAGES.invalidDocument, problems: [] };
  const bytes = await bytesOf(file);
  const parsed = method === 'manual' ? parseWhtManualCsv(bytes) : parseWhtAutoCsv(bytes);
  if (!parsed.ok) return failureOf(parsed);
  return {
    ok: true,
    recipientCount: parsed.recipientCount,
    amountDue: parsed.amountDue,
    rows: parsed.records.map((record, index) => ({
      row: parsed.rowNumbers[index],
      taxPayerNumber: record.tax_payer_number.toUpperCase(),
      name: record.name,
      amount: parsed.amounts[index],
    })),
    warnings: [],
    notices: [],
    residentsElsewhere: [],
  };
}

/**
 * The payees of a WHT bill as the server fingerprints them (SHA-256 of whtPayeesText): the
 * precheck names a bill of the month to the same payees and amounts with it, before Pay.
 */
export async function whtPayeesFingerprint(
  payees: ReadonlyArray<{ taxPayerNumber: string; taxPayableKobo: Kobo }>,
): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(whtPayeesText(payees)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The one-row file a single-payee WHT bill is sent as: manual carries the tax payable, auto the
 * amount the tax is on (the server computes the tax).
 */
export function singlePayeeFile(
  method: WhtMethod,
  payee: { tax_payer_number: string; name: string },
  amount: string,
): File {
  const headers = method === 'manual' ? WHT_MANUAL_TEMPLATE_HEADERS : WHT_AUTO_TEMPLATE_HEADERS;
  const row = [payee.tax_payer_number.trim().toUpperCase(), payee.name.trim(), amount].map(csvCell).join(',');
  return new File(
    [`${headers.join(',')}\n${row}\n`],
    `wht-${method}-${payee.tax_payer_number.trim().toUpperCase()}.csv`,
    { type: 'text/csv' },
  );
}
