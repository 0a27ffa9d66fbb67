import type { StatementAnalysisData } from '@levy/contracts';
import dayjs from 'dayjs';

/** Chart rows for the monthly cash flow: naira as numbers (for drawing only; labels use the strings). */
export function cashflowSeries(monthly: StatementAnalysisData['monthly']) {
  return monthly.map((month) => ({
    month: month.label,
    'Money in': Number(month.inflow),
    'Money out': Number(month.outflow),
    Net: Number(month.net),
  }));
}

export function balanceSeries(balances: StatementAnalysisData['balances']) {
  return balances.map((point) => ({ date: dayjs(point.date).format('DD MMM'), Balance: Number(point.balance) }));
}

export interface CategoryBar {
  label: string;
  count: number;
  value: number;
}

/**
 * Categories split into money out (debits) and money in (credits), each largest first and
 * without the empty side, so a category that only receives never shows as ₦0.00 spent.
 */
export function categorySplit(categories: StatementAnalysisData['categories']): {
  out: CategoryBar[];
  in: CategoryBar[];
} {
  const side = (pick: (category: StatementAnalysisData['categories'][number]) => string) =>
    categories
      .map((category) => ({ label: category.label, count: category.count, value: Number(pick(category)) }))
      .filter((bar) => bar.value > 0)
      .sort((a, b) => b.value - a.value);
  return { out: side((category) => category.debits), in: side((category) => category.credits) };
}

/** Words for the salary confidence. */
export function salaryConfidenceLabel(confidence: number): string {
  if (confidence >= 0.8) return 'high confidence';
  if (confidence >= 0.55) return 'fair confidence';
  return 'low confidence';
}

const compact = Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
/** Axis figures as the app writes amounts: the sign before the naira sign (-₦350K, never ₦-350K). */
export const nairaTick = (value: number) => `${value < 0 ? '-' : ''}₦${compact.format(Math.abs(value))}`;
/** A bar's label on one line: long names are cut with an ellipsis (the tooltip keeps them whole), the count kept. */
export function barLabel(label: string, max = 20): string {
  const counted = /^(.*?)( \(\d+\))$/.exec(label);
  const [name, count] = counted ? [counted[1], counted[2]] : [label, ''];
  return name.length > max ? `${name.slice(0, max - 1).trimEnd()}…${count}` : label;
}

/** What the analysis panels draw, of a statement's analysis. */
export type StatementAnalysis = Pick<
  StatementAnalysisData,
  | 'summary'
  | 'monthly'
  | 'balances'
  | 'categories'
  | 'salary'
  | 'recurring_debits'
  | 'top_counterparties'
  | 'charges'
  | 'verdict'
  | 'reasons'
  | 'checks'
>;
