import type { CollectorKind } from '@levy/contracts';
import {
  applyRate,
  CSV_MESSAGES,
  declaredReliefsOf,
  groupResidentsElsewhere,
  parsePayeFile,
  residenceResolver,
  parseWhtAutoCsv,
  parseWhtManualCsv,
  PAYE_TEMPLATE_HEADERS,
  recomputePayeMoney,
  sumKobo,
  type CsvRowError,
  type Kobo,
} from '@levy/tax';
import { eachItemPageText, ITEMS_PER_PAGE } from '../../db/item-page-texts';
import {
  billItemTuple,
  differsFromEngine,
  MAX_WARNINGS,
  NOT_PAYE,
  payeeProblems,
  preparedItemsOf,
  whtCalcItemTuple,
  type PreparedItems,
} from './bill-items';
import type { BillItem, WhtCalcItem } from './bills.repo';

/**
 * Bill files read into recipients. These run in the file workers (workers/worker-pool.ts), so a
 * file of 100,000 rows never holds up other requests. They answer with the recipients as they are
 * stored (item pages' text) and the few figures a request needs: a string crosses to the calling
 * thread as one copy, where 100,000 objects would be cloned one by one on both sides.
 */

/** The PAYE template's income columns (basic_salary … other_allowances), stored per employee. */
export const PAYE_INCOMES_FROM = PAYE_TEMPLATE_HEADERS.indexOf('basic_salary');

/** Why a file is refused: the message docs/product.md gives the file (or the payees' problem) and each row's problem. */
export interface FileFailure {
  ok: false;
  message: string;
  errors: CsvRowError[];
}

/** A state as the PAYE task resolves residences against it. */
export interface ResidenceState {
  code: string;
  name: string;
  revenueService: string;
}

/** Residents of other states found in a PAYE file, by state, and whether the bill takes them. */
export interface ResidentsElsewhere {
  included: boolean;
  states: Array<
    ResidenceState & { employeeCount: number; employees: Array<{ row: number; taxPayerNumber: string; name: string }> }
  >;
}

/**
 * The employees a bill names per state of residence, the first in file order; the count is of all.
 * A payroll with thousands living elsewhere would otherwise carry every name on every read of the bill.
 */
export const RESIDENTS_NAMED = 50;

/**
 * What a file's task reports as it goes: what it counted once the file is read and checked, then
 * each item page as it is made, so the request stores its row and the pages meanwhile.
 */
export type PagedProgress<Counted> = { counted: Counted } | { page: string };

export type PayeProgress = PagedProgress<{
  count: number;
  amountDue: Kobo;
  residentsElsewhere: ResidentsElsewhere | null;
}>;

/** What a bulk WHT calculation counts: its payees, their amounts and the tax on them. */
export interface WhtCalculationCounts {
  count: number;
  amount: Kobo;
  taxPayable: Kobo;
}

/**
 * A PAYE file's employees with their monthly gross and the tax the month's rules expect. Once the
 * file is read and checked, its count and total are reported, so the bill can be made while the
 * employees are recomputed and their pages written; each page is reported as it is made, and the
 * rows whose tax differs from the engine's come with the result.
 */
export function payeItems(
  {
    content,
    month,
    residence,
  }: {
    content: Uint8Array;
    month: string;
    /**
     * The bill's state, every state, and whether the preparer confirmed paying here the PAYE of
     * employees resident elsewhere (docs/tax-rules.md §8): without it their rows are left out.
     */
    residence?: { payrollStateCode: string; states: ResidenceState[]; includeElsewhere: boolean };
  },
  report: (progress: PayeProgress) => void,
): FileFailure | { ok: true; differing: BillItem[] } {
  const parsed = parsePayeFile(content, month);
  if (!parsed.ok) return parsed;
  let indexes = parsed.records.map((_, index) => index);
  let residentsElsewhere: ResidentsElsewhere | null = null;
  if (residence && parsed.optional) {
    const optional = parsed.optional;
    const resolve = residenceResolver(residence.states);
    const unknown: CsvRowError[] = [];
    optional.forEach((cells, index) => {
      const written = cells?.state_of_residence;
      if (written && !resolve(written))
        unknown.push({
          row: parsed.rowNumbers[index],
          column: 'state_of_residence',
          message: `'${written}' is not a Nigerian state: give its code (OG) or its name (Ogun)`,
        });
    });
    if (unknown.length > 0) return { ok: false, message: CSV_MESSAGES.columnData, errors: unknown };
    const groups = groupResidentsElsewhere(
      parsed.records.map((record, index) => ({
        row: parsed.rowNumbers[index],
        taxPayerNumber: record.tax_payer_number.toUpperCase(),
        name: record.name,
        residence: optional[index]?.state_of_residence,
      })),
      residence.payrollStateCode,
      residence.states,
    );
    if (groups.length > 0) {
      residentsElsewhere = {
        included: residence.includeElsewhere,
        states: groups.map((group) => ({
          ...group.state,
          employeeCount: group.employees.length,
          employees: group.employees.slice(0, RESIDENTS_NAMED),
        })),
      };
      if (!residence.includeElsewhere) {
        const away = new Set(groups.flatMap((group) => group.employees.map((employee) => employee.row)));
        indexes = indexes.filter((index) => !away.has(parsed.rowNumbers[index]));
      }
    }
  }
  const count = indexes.length;
  const amountDue =
    count === parsed.records.length ? parsed.amountDue : sumKobo(indexes.map((index) => parsed.amounts[index]));
  report({ counted: { count, amountDue, residentsElsewhere } });
  const differing: BillItem[] = [];
  for (let start = 0; start < count; start += ITEMS_PER_PAGE) {
    const page: BillItem[] = [];
    for (const index of indexes.slice(start, Math.min(count, start + ITEMS_PER_PAGE))) {
      const record = parsed.records[index];
      const money = parsed.money[index];
      const declared = parsed.optional?.[index];
      const check = recomputePayeMoney(money, month, undefined, declared);
      const item: BillItem = {
        rowNumber: parsed.rowNumbers[index],
        taxPayerNumber: record.tax_payer_number.toUpperCase(),
        name: record.name,
        amountKobo: check.monthlyGross,
        taxPayableKobo: parsed.amounts[index],
        expectedTaxKobo: check.expectedMonthlyTax,
        nationality: record.nationality,
        designation: record.designation,
        incomesKobo: money.slice(PAYE_INCOMES_FROM),
        declaredReliefs: declaredReliefsOf(declared),
      };
      if (differing.length < MAX_WARNINGS && differsFromEngine(item)) differing.push(item);
      page.push(item);
    }
    report({ page: JSON.stringify(page.map(billItemTuple)) });
  }
  return { ok: true, differing };
}

/** A WHT manual file's payees with the tax they owe as written; the collector's payees only. */
export function whtManualItems({
  content,
  collector,
}: {
  content: Uint8Array;
  collector: CollectorKind;
}): FileFailure | { ok: true; items: PreparedItems; amountDue: Kobo } {
  const parsed = parseWhtManualCsv(content);
  if (!parsed.ok) return parsed;
  const items = parsed.records.map((record, index): BillItem => ({
    rowNumber: parsed.rowNumbers[index],
    taxPayerNumber: record.tax_payer_number.toUpperCase(),
    name: record.name,
    amountKobo: null,
    taxPayableKobo: parsed.amounts[index],
    ...NOT_PAYE,
  }));
  const problems = payeeProblems(collector, items);
  if (problems) return { ok: false, ...problems };
  return { ok: true, items: preparedItemsOf('wht', items), amountDue: parsed.amountDue };
}

/** A WHT auto file (tax_payer_number, name, amount) with the tax on each amount at the collector's rate for the type and month. */
function whtAutoRows(
  content: Uint8Array,
  rateBps: number,
  collector: CollectorKind,
): FileFailure | { ok: true; items: WhtCalcItem[]; amount: Kobo; taxPayable: Kobo } {
  const parsed = parseWhtAutoCsv(content);
  if (!parsed.ok) return parsed;
  const items = parsed.records.map((record, index) => ({
    rowNumber: parsed.rowNumbers[index],
    taxPayerNumber: record.tax_payer_number.toUpperCase(),
    name: record.name,
    amountKobo: parsed.amounts[index],
    taxPayableKobo: applyRate(parsed.amounts[index], rateBps),
  }));
  const problems = payeeProblems(collector, items);
  if (problems) return { ok: false, ...problems };
  return { ok: true, items, amount: parsed.amountDue, taxPayable: sumKobo(items.map((item) => item.taxPayableKobo)) };
}

/** A WHT auto file, the rate of its type and month, and who collects it. */
export interface WhtAutoFile {
  content: Uint8Array;
  rateBps: number;
  collector: CollectorKind;
}

/** A WHT auto file as a bill's recipients. */
export function whtAutoItems({
  content,
  rateBps,
  collector,
}: WhtAutoFile): FileFailure | { ok: true; items: PreparedItems; taxPayable: Kobo } {
  const rows = whtAutoRows(content, rateBps, collector);
  if (!rows.ok) return rows;
  return {
    ok: true,
    items: preparedItemsOf(
      'wht',
      rows.items.map((item) => ({ ...item, ...NOT_PAYE })),
    ),
    taxPayable: rows.taxPayable,
  };
}

/** A WHT auto file as a bulk calculation keeps it: its totals reported first, then its payees' pages (WhtCalcItemTuple). */
export function whtCalculation(
  { content, rateBps, collector }: WhtAutoFile,
  report: (progress: PagedProgress<WhtCalculationCounts>) => void,
): FileFailure | { ok: true } {
  const rows = whtAutoRows(content, rateBps, collector);
  if (!rows.ok) return rows;
  report({ counted: { count: rows.items.length, amount: rows.amount, taxPayable: rows.taxPayable } });
  for (const page of eachItemPageText(rows.items, whtCalcItemTuple)) report({ page });
  return { ok: true };
}
