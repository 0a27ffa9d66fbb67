import {
  asKobo,
  ZERO_KOBO,
  computeWht,
  isTaxInputError,
  type IsoDate,
  type Kobo,
  type Period,
  type WhtCode,
} from '@levy/tax';
import { dayNumberOfIso } from './day-number';
import { BUSINESS_NAME, type AccountHolder, type Category, type ChargeKind } from './category-rules';
import { detectSalary, NO_SALARY, payerKey, type SalaryDetection } from './detect-salary';
import type { Transaction } from './transaction';

export interface MonthlyFlow {
  month: Period;
  inflow: Kobo;
  outflow: Kobo;
  net: Kobo;
  count: number;
}

export interface CategoryTotal {
  category: Category;
  count: number;
  debits: Kobo;
  credits: Kobo;
}

export interface RecurringDebit {
  payee: string;
  count: number;
  months: Period[];
  typicalAmount: Kobo;
  total: Kobo;
  category: Category;
}

export interface CounterpartyTotal {
  name: string;
  inflow: Kobo;
  outflow: Kobo;
  count: number;
}

export interface WhtCandidate {
  vendor: string;
  payments: number;
  months: Period[];
  total: Kobo;
  /** The WHT type of most of the money paid: as the narrations say it (rent, fees …), else assumed other services. */
  whtCode: WhtCode;
  whtCodeSource: 'narration' | 'assumed';
  /** WHT that would have been deducted, each payment at its type's rate for a company with a Tax ID. */
  wht: Kobo;
  rateBps: number | null;
}

export interface StatementAnalysis {
  monthly: MonthlyFlow[];
  totals: { inflow: Kobo; outflow: Kobo; net: Kobo; count: number };
  balances: { average: Kobo | null; minimum: Kobo | null; maximum: Kobo | null };
  categories: CategoryTotal[];
  salary: SalaryDetection;
  recurringDebits: RecurringDebit[];
  topCounterparties: CounterpartyTotal[];
  reversals: { index: number; date: IsoDate; amount: Kobo; narration: string; reversesIndex: number | null }[];
  bounced: { index: number; date: IsoDate; amount: Kobo; narration: string }[];
  charges: { total: Kobo; vat: Kobo; byKind: Partial<Record<ChargeKind, Kobo>>; count: number };
  whtCandidates: WhtCandidate[];
  taxPayments: { total: Kobo; payments: { index: number; date: IsoDate; amount: Kobo; narration: string }[] };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

function summariseMonths(rows: readonly Transaction[]): MonthlyFlow[] {
  const months = new Map<Period, MonthlyFlow>();
  for (const row of rows) {
    const month = row.date.slice(0, 7);
    let flow = months.get(month);
    if (!flow) {
      flow = { month, inflow: ZERO_KOBO, outflow: ZERO_KOBO, net: ZERO_KOBO, count: 0 };
      months.set(month, flow);
    }
    flow.inflow = asKobo(flow.inflow + row.credit);
    flow.outflow = asKobo(flow.outflow + row.debit);
    flow.net = asKobo(flow.inflow - flow.outflow);
    flow.count++;
  }
  return [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
}

/** Average of the end-of-day balance over every day from the first row to the last. */
function summariseBalances(rows: readonly Transaction[]): StatementAnalysis['balances'] {
  const withBalance = rows.filter((row) => row.balance !== null);
  if (withBalance.length === 0) return { average: null, minimum: null, maximum: null };
  let minimum = Infinity;
  let maximum = -Infinity;
  const endOfDay = new Map<number, number>();
  for (const row of withBalance) {
    const balance = row.balance as number;
    minimum = Math.min(minimum, balance);
    maximum = Math.max(maximum, balance);
    endOfDay.set(dayNumberOfIso(row.date), balance);
  }
  const firstDay = dayNumberOfIso(withBalance[0].date);
  const lastDay = dayNumberOfIso(withBalance[withBalance.length - 1].date);
  let sum = 0;
  let days = 0;
  let current = withBalance[0].balance as number;
  for (let day = firstDay; day <= lastDay; day++) {
    current = endOfDay.get(day) ?? current;
    sum += current;
    days++;
  }
  return { average: asKobo(Math.round(sum / Math.max(days, 1))), minimum: asKobo(minimum), maximum: asKobo(maximum) };
}

function summariseCategories(rows: readonly Transaction[]): CategoryTotal[] {
  const totals = new Map<Category, CategoryTotal>();
  for (const row of rows) {
    let total = totals.get(row.category);
    if (!total) {
      total = { category: row.category, count: 0, debits: ZERO_KOBO, credits: ZERO_KOBO };
      totals.set(row.category, total);
    }
    total.count++;
    total.debits = asKobo(total.debits + row.debit);
    total.credits = asKobo(total.credits + row.credit);
  }
  return [...totals.values()].sort((a, b) => b.debits + b.credits - (a.debits + a.credits));
}

const NOT_RECURRING_SPEND: ReadonlySet<Category> = new Set(['bank_charges', 'reversal']);

/** Debits to one payee in at least three months, most of them within 15% of the usual amount. */
function findRecurringDebits(rows: readonly Transaction[]): RecurringDebit[] {
  const groups = new Map<string, Transaction[]>();
  for (const row of rows) {
    if (row.debit === 0 || NOT_RECURRING_SPEND.has(row.category)) continue;
    const key = payerKey(row);
    if (key === '') continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const recurring: RecurringDebit[] = [];
  for (const [payee, group] of groups) {
    const months = [...new Set(group.map((row) => row.date.slice(0, 7)))].sort();
    if (months.length < 3) continue;
    const typical = median(group.map((row) => row.debit));
    const similar = group.filter((row) => Math.abs(row.debit - typical) <= typical * 0.15).length;
    if (similar / group.length < 0.7) continue;
    recurring.push({
      payee,
      count: group.length,
      months,
      typicalAmount: asKobo(typical),
      total: asKobo(group.reduce((sum, row) => sum + row.debit, 0)),
      category: group[0].category,
    });
  }
  return recurring.sort((a, b) => b.total - a.total);
}

function findTopCounterparties(rows: readonly Transaction[], limit = 10): CounterpartyTotal[] {
  const totals = new Map<string, CounterpartyTotal>();
  for (const row of rows) {
    if (!row.counterparty) continue;
    let total = totals.get(row.counterparty);
    if (!total) {
      total = { name: row.counterparty, inflow: ZERO_KOBO, outflow: ZERO_KOBO, count: 0 };
      totals.set(row.counterparty, total);
    }
    total.inflow = asKobo(total.inflow + row.credit);
    total.outflow = asKobo(total.outflow + row.debit);
    total.count++;
  }
  return [...totals.values()].sort((a, b) => b.inflow + b.outflow - (a.inflow + a.outflow)).slice(0, limit);
}

/** Each reversal credit matched to the latest earlier debit of the same amount within 14 days. */
function findReversals(rows: readonly Transaction[]): StatementAnalysis['reversals'] {
  const reversals: StatementAnalysis['reversals'] = [];
  const matched = new Set<number>();
  const days = rows.map((row) => dayNumberOfIso(row.date));
  for (const row of rows) {
    if (row.category !== 'reversal') continue;
    const amount = row.credit || row.debit;
    let reversesIndex: number | null = null;
    for (let index = row.index - 1; index >= 0; index--) {
      const earlier = rows[index];
      if (days[row.index] - days[index] > 14) break;
      const earlierAmount = row.credit > 0 ? earlier.debit : earlier.credit;
      if (earlierAmount === amount && earlier.category !== 'reversal' && !matched.has(index)) {
        reversesIndex = index;
        matched.add(index);
        break;
      }
    }
    reversals.push({ index: row.index, date: row.date, amount: amount, narration: row.narration, reversesIndex });
  }
  return reversals;
}

const BOUNCED = /\b(?:RETURNED|BOUNCED|DISHONOU?RED|INSUFFICIENT\s+FUNDS?|UNPAID|FAILED)\b/i;

const VENDOR_CATEGORIES: ReadonlySet<Category> = new Set(['transfer_out', 'other_out', 'web']);

/**
 * What a payment's narration says it was for, as WHT types (first match wins): the payer's own
 * words beat the assumption. Payments to a company with a Tax ID are assumed throughout.
 */
export const WHT_NARRATION_TYPES: ReadonlyArray<{ code: WhtCode; pattern: RegExp }> = [
  { code: 'rent', pattern: /\bRENT(?:AL|S)?\b|\bLEASE\b|\bHIRE\b/ },
  { code: 'dividend', pattern: /\bDIVIDENDS?\b/ },
  { code: 'interest', pattern: /\bINTEREST\b/ },
  { code: 'royalty', pattern: /\bROYALT(?:Y|IES)\b/ },
  { code: 'brokerage', pattern: /\bBROKERAGE\b/ },
  {
    code: 'professional_fees',
    pattern:
      /\bFEES?\b|\bCONSULT\w*|\bPROFESSIONAL\b|\bLEGAL\b|\bAUDIT\w*|\bCOMMISSION\b|\bRETAINER\b|\bMANAGEMENT\b|\bTECHNICAL\b/,
  },
  { code: 'construction_other', pattern: /\bCONSTRUCTION\b|\bBUILDING\s+WORKS?\b|\bCIVIL\s+WORKS?\b/ },
  { code: 'supply_of_goods', pattern: /\bSUPPL(?:Y|IES)\b|\bGOODS\b|\bMATERIALS?\b|\bPURCHASE\s+OF\b/ },
];

/** The WHT type a payment's narration names, or null. */
export function whtTypeOfNarration(narration: string): WhtCode | null {
  const text = narration.toUpperCase();
  return WHT_NARRATION_TYPES.find((type) => type.pattern.test(text))?.code ?? null;
}

/**
 * Regular transfers out (at least two, in at least two months) to a counterparty whose name
 * reads as a business: the payer may have owed WHT on them. Each payment's WHT is worked out at
 * the rate for its narration's type, else 'other services', to a resident company with a Tax ID
 * (the WHT regulations' first schedule); the vendor shows the type most of its money went under.
 */
function findWhtCandidates(rows: readonly Transaction[]): WhtCandidate[] {
  const groups = new Map<string, Transaction[]>();
  for (const row of rows) {
    if (row.debit === 0 || !row.counterparty || !VENDOR_CATEGORIES.has(row.category)) continue;
    if (!BUSINESS_NAME.test(row.counterparty)) continue;
    const group = groups.get(row.counterparty);
    if (group) group.push(row);
    else groups.set(row.counterparty, [row]);
  }
  const candidates: WhtCandidate[] = [];
  for (const [vendor, group] of groups) {
    const months = [...new Set(group.map((row) => row.date.slice(0, 7)))].sort();
    if (group.length < 2 || months.length < 2) continue;
    let wht = 0;
    let rateBps: number | null = null;
    const paidByType = new Map<WhtCode, number>();
    for (const row of group) {
      const code = whtTypeOfNarration(row.narration) ?? 'other_services';
      paidByType.set(code, (paidByType.get(code) ?? 0) + row.debit);
      try {
        const result = computeWht({
          period: row.date.slice(0, 7),
          code,
          payeeKind: 'company',
          resident: true,
          hasTaxId: true,
          amount: row.debit,
        });
        wht += result.tax;
        rateBps = result.rateBps;
      } catch (error) {
        // Months before the engine's first schedule have no rate: leave them out of the WHT.
        if (!isTaxInputError(error)) throw error;
      }
    }
    const [whtCode] = [...paidByType.entries()].sort((a, b) => b[1] - a[1])[0];
    const total = group.reduce((sum, row) => sum + row.debit, 0);
    candidates.push({
      vendor,
      payments: group.length,
      months,
      total: asKobo(total),
      whtCode,
      // No narration pattern gives 'other services': that type is always the assumption.
      whtCodeSource: whtCode === 'other_services' ? 'assumed' : 'narration',
      wht: asKobo(wht),
      // One rate when every payment is of one type; otherwise the rates differ and none is shown.
      rateBps: paidByType.size === 1 ? rateBps : null,
    });
  }
  return candidates.sort((a, b) => b.total - a.total);
}

/**
 * Monthly flows, balances, categories, salary, recurring debits, counterparties and tax insight.
 * A company's account has no salary coming in: regular credits there are customers paying.
 */
export function analyseStatement(
  rows: readonly Transaction[],
  options: { holder?: AccountHolder } = {},
): StatementAnalysis {
  let inflow = 0;
  let outflow = 0;
  const charges = { total: 0, vat: 0, byKind: {} as Partial<Record<ChargeKind, Kobo>>, count: 0 };
  const taxPayments: StatementAnalysis['taxPayments'] = { total: ZERO_KOBO, payments: [] };
  const bounced: StatementAnalysis['bounced'] = [];
  for (const row of rows) {
    inflow += row.credit;
    outflow += row.debit;
    if (row.category === 'bank_charges') {
      const kind = row.chargeKind ?? 'other_fee';
      charges.total += row.debit;
      charges.count++;
      charges.byKind[kind] = asKobo((charges.byKind[kind] ?? 0) + row.debit);
      if (kind === 'vat') charges.vat += row.debit;
    }
    if (row.category === 'tax') {
      taxPayments.total = asKobo(taxPayments.total + row.debit);
      taxPayments.payments.push({ index: row.index, date: row.date, amount: row.debit, narration: row.narration });
    }
    if (BOUNCED.test(row.narration))
      bounced.push({ index: row.index, date: row.date, amount: row.debit || row.credit, narration: row.narration });
  }
  return {
    monthly: summariseMonths(rows),
    totals: { inflow: asKobo(inflow), outflow: asKobo(outflow), net: asKobo(inflow - outflow), count: rows.length },
    balances: summariseBalances(rows),
    categories: summariseCategories(rows),
    salary: options.holder === 'company' ? NO_SALARY : detectSalary(rows),
    recurringDebits: findRecurringDebits(rows),
    topCounterparties: findTopCounterparties(rows),
    reversals: findReversals(rows),
    bounced,
    charges: { total: asKobo(charges.total), vat: asKobo(charges.vat), byKind: charges.byKind, count: charges.count },
    whtCandidates: findWhtCandidates(rows),
    taxPayments,
  };
}
