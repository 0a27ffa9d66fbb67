import { formatDate } from '../../../lib/format';

/** '01 May, 2025 – 27 Jun, 2025'; one end alone when the other is unknown; '' when neither is. */
export function formatPeriodRange(start: string | null | undefined, end: string | null | undefined): string {
  if (start && end) return `${formatDate(start)} – ${formatDate(end)}`;
  return formatDate(start ?? end);
}

/** Whole days from the first to the last, both counted. */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * A statement's period as the screens show it: the period printed on the statement, or, when it
 * prints none, its first to last transaction, said so.
 */
export function formatStatementPeriod(
  start: string | null | undefined,
  end: string | null | undefined,
  source: 'printed' | 'transactions' | null | undefined,
): string {
  const range = formatPeriodRange(start, end);
  return range && source === 'transactions' ? `${range} (first to last transaction: no period printed)` : range;
}
