import {
  applyRate,
  parsePayeFile,
  parseWhtAutoCsv,
  parseWhtManualCsv,
  PAYE_TEMPLATE_HEADERS,
  recomputePayeMoney,
  sumKobo,
  type CsvParseFailure,
  type Kobo,
} from '@levy/tax';
import type { BillItem, WhtCalcItem } from './bills.repo';

/**
 * Bill files read into recipients. These run in the file workers (workers/worker-pool.ts), so a
 * file of 100,000 rows never holds up other requests; they return only what a bill keeps.
 */

/** The PAYE template's income columns (basic_salary … other_allowances), stored per employee. */
export const PAYE_INCOMES_FROM = PAYE_TEMPLATE_HEADERS.indexOf('basic_salary');

type FileFailure = Pick<CsvParseFailure, 'ok' | 'message' | 'errors'>;

/** A PAYE file's employees with their monthly gross and the tax the month's rules expect. */
export function payeItems({ content, month }: { content: Uint8Array; month: string }): FileFailure | { ok: true; items: BillItem[]; amountDue: Kobo } {
  const parsed = parsePayeFile(content, month);
  if (!parsed.ok) return parsed;
  const items = parsed.records.map((record, index): BillItem => {
    const money = parsed.money[index];
    const check = recomputePayeMoney(money, month);
    return {
      rowNumber: parsed.rowNumbers[index],
      taxPayerNumber: record.tax_payer_number.toUpperCase(),
      name: record.name,
      amountKobo: check.monthlyGross,
      taxPayableKobo: parsed.amounts[index],
      expectedTaxKobo: check.expectedMonthlyTax,
      nationality: record.nationality,
      designation: record.designation,
      incomesKobo: money.slice(PAYE_INCOMES_FROM),
    };
  });
  return { ok: true, items, amountDue: parsed.amountDue };
}

/** A WHT manual file's payees with the tax they owe as written. */
export function whtManualItems({ content }: { content: Uint8Array }): FileFailure | { ok: true; items: Array<Pick<BillItem, 'rowNumber' | 'taxPayerNumber' | 'name' | 'amountKobo' | 'taxPayableKobo'>>; amountDue: Kobo } {
  const parsed = parseWhtManualCsv(content);
  if (!parsed.ok) return parsed;
  const items = parsed.records.map((record, index) => ({ rowNumber: parsed.rowNumbers[index], taxPayerNumber: record.tax_payer_number.toUpperCase(), name: record.name, amountKobo: null, taxPayableKobo: parsed.amounts[index] }));
  return { ok: true, items, amountDue: parsed.amountDue };
}

/** A WHT auto file (tax_payer_number, name, amount) with the tax on each amount at the collector's rate for the type and month. */
export function whtAutoItems({ content, rateBps }: { content: Uint8Array; rateBps: number }): FileFailure | { ok: true; items: WhtCalcItem[]; rateBps: number; amount: Kobo; taxPayable: Kobo } {
  const parsed = parseWhtAutoCsv(content);
  if (!parsed.ok) return parsed;
  const items = parsed.records.map((record, index) => ({
    rowNumber: parsed.rowNumbers[index],
    taxPayerNumber: record.tax_payer_number.toUpperCase(),
    name: record.name,
    amountKobo: parsed.amounts[index],
    taxPayableKobo: applyRate(parsed.amounts[index], rateBps),
  }));
  return { ok: true, items, rateBps, amount: parsed.amountDue, taxPayable: sumKobo(items.map((item) => item.taxPayableKobo)) };
}
