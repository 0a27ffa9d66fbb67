import { asKobo, type Kobo, type Period } from '@levy/tax';
import type { Transaction } from './transaction';

export interface SalaryDetection {
  isDetected: boolean;
  /** 0 to 1: how sure the engine is that these credits are a salary. */
  confidence: number;
  payer: string | null;
  /** The median of the monthly credits. */
  monthlyAmount: Kobo | null;
  /** The usual day of the month it arrives. */
  typicalDay: number | null;
  months: Period[];
  /** Indexes of the credits taken as salary. */
  transactionIndexes: number[];
}

/** No salary found. */
export const NO_SALARY: SalaryDetection = {
  isDetected: false,
  confidence: 0,
  payer: null,
  monthlyAmount: null,
  typicalDay: null,
  months: [],
  transactionIndexes: [],
};

// Weights of the evidence. Regular arrival every month matters most; a "salary" word alone is
// not enough (people label transfers), and a steady amount without a steady day is rent-like.
const WEIGHTS = { coverage: 0.35, amount: 0.25, day: 0.2, keyword: 0.2 } as const;
const AMOUNT_TOLERANCE = 0.1;
const DAY_TOLERANCE = 4;
const MIN_MONTHS = 3;
const THRESHOLD = 0.55;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** A payer key: the counterparty, or the narration without figures, months and references. */
export function payerKey(transaction: Transaction): string {
  if (transaction.counterparty) return transaction.counterparty;
  return transaction.narration
    .toUpperCase()
    .replace(/\b(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\b/g, '')
    .replace(/[^A-Z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
}

function monthsBetween(first: string, last: string): number {
  return (
    (Number(last.slice(0, 4)) - Number(first.slice(0, 4))) * 12 +
    Number(last.slice(5, 7)) -
    Number(first.slice(5, 7)) +
    1
  );
}

function dayDistance(a: number, b: number): number {
  const direct = Math.abs(a - b);
  return Math.min(direct, 31 - direct);
}

/**
 * Salary: credits from one payer, about once a month, of a similar amount, on a similar day.
 * Scores each payer on those three and on the word "salary", and keeps the best.
 */
export function detectSalary(transactions: readonly Transaction[]): SalaryDetection {
  const credits = transactions.filter(
    (row) => row.credit > 0 && row.category !== 'reversal' && row.category !== 'loan',
  );
  if (credits.length === 0) return NO_SALARY;
  const spanMonths = monthsBetween(transactions[0].date, transactions[transactions.length - 1].date);
  const groups = new Map<string, Transaction[]>();
  for (const credit of credits) {
    const key = credit.category === 'salary' && !credit.counterparty ? 'SALARY' : payerKey(credit);
    const group = groups.get(key);
    if (group) group.push(credit);
    else groups.set(key, [credit]);
  }
  let best: SalaryDetection = NO_SALARY;
  for (const [payer, group] of groups) {
    // The largest credit of each month from this payer is the candidate salary.
    const byMonth = new Map<string, Transaction>();
    for (const credit of group) {
      const month = credit.date.slice(0, 7);
      const current = byMonth.get(month);
      if (!current || credit.credit > current.credit) byMonth.set(month, credit);
    }
    if (byMonth.size < MIN_MONTHS) continue;
    const monthly = [...byMonth.values()];
    const typicalAmount = median(monthly.map((row) => row.credit));
    const typicalDay = median(monthly.map((row) => Number(row.date.slice(8, 10))));
    const amountScore =
      monthly.filter((row) => Math.abs(row.credit - typicalAmount) <= typicalAmount * AMOUNT_TOLERANCE).length /
      monthly.length;
    const dayScore =
      monthly.filter((row) => dayDistance(Number(row.date.slice(8, 10)), typicalDay) <= DAY_TOLERANCE).length /
      monthly.length;
    const coverage = Math.min(1, byMonth.size / Math.max(spanMonths, MIN_MONTHS));
    const keyword = monthly.filter((row) => row.category === 'salary').length / monthly.length;
    const confidence =
      Math.round(
        (WEIGHTS.coverage * coverage +
          WEIGHTS.amount * amountScore +
          WEIGHTS.day * dayScore +
          WEIGHTS.keyword * keyword) *
          100,
      ) / 100;
    if (confidence > best.confidence) {
      best = {
        isDetected: confidence >= THRESHOLD,
        confidence,
        payer: payer === 'SALARY' ? null : payer,
        monthlyAmount: asKobo(typicalAmount),
        typicalDay,
        months: [...byMonth.keys()].sort(),
        transactionIndexes: monthly.map((row) => row.index).sort((a, b) => a - b),
      };
    }
  }
  return best;
}
