import type { ColumnsFromCode, StatementConfidenceData, StatementNoteData } from '@levy/contracts';
import { formatDate } from '../../../lib/format';

/** How the columns were placed, in words for a credit analyst. */
export const COLUMNS_FROM_WORDS: Readonly<Record<ColumnsFromCode, { label: string; detail: string }>> = {
  headings: { label: 'By their headings', detail: 'Every figure stood under its column heading.' },
  'headings-and-figures': {
    label: 'By their headings and where their figures stand',
    detail:
      'The figures sit apart from their headings, so each money column was placed where its figures line up down the page, then named by the heading ' +
      'nearest to it.',
  },
  figures: {
    label: 'From the figures alone',
    detail:
      'No heading row was recognised: the date, amount and balance columns were found from the values printed in them.',
  },
  mapping: {
    label: 'By the column mapping saved for this statement',
    detail: 'A person said which column holds what.',
  },
};

export type ConfidenceLevel = 'high' | 'fair' | 'low' | 'unchecked';

/** Every row reconciling is the only reading to rely on without looking; a few misses need a look at those rows. */
export function confidenceLevel(confidence: Pick<StatementConfidenceData, 'reconciled_share'>): ConfidenceLevel {
  const share = confidence.reconciled_share;
  if (share === null) return 'unchecked';
  if (share >= 0.999) return 'high';
  if (share >= 0.95) return 'fair';
  return 'low';
}

export const LEVEL_DISPLAY: Readonly<Record<ConfidenceLevel, { label: string; color: string }>> = {
  high: { label: 'Every row reconciles', color: 'green' },
  fair: { label: 'Some rows do not reconcile', color: 'yellow' },
  low: { label: 'Many rows do not reconcile', color: 'red' },
  unchecked: { label: 'Not checked', color: 'gray' },
};

/** '98.5%', never '100%' for a share short of all (nor '0%' for one above none). */
export function formatShare(share: number): string {
  const percent = share * 100;
  if (percent > 99.9 && share < 1) return '99.9%';
  if (percent < 0.1 && share > 0) return '0.1%';
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** What the share means: how many rows, checked against what. */
export function reconciledSentence(confidence: StatementConfidenceData): string {
  if (confidence.reconciled_share === null)
    return 'The statement prints no running balance, so no row could be checked against it.';
  const { reconciled_rows: reconciled, checked_rows: checked } = confidence;
  return (
    `${reconciled.toLocaleString('en-NG')} of ${checked.toLocaleString('en-NG')} ${checked === 1 ? 'row' : 'rows'}: the amount and direction read ` +
    `give the balance printed on the row, to within the bank's one-kobo rounding.`
  );
}

/** What the running balance decided, when it decided anything. */
export function balanceSentences(confidence: StatementConfidenceData): string[] {
  const sentences: string[] = [];
  if (confidence.swapped_columns)
    sentences.push(
      'The running balance showed the debit and credit columns the other way round from their headings: they were read as the balance shows.',
    );
  const decided = confidence.decided_by_balance;
  if (decided > 0)
    sentences.push(
      `The running balance gave the amount or the direction of ${decided.toLocaleString('en-NG')} ${decided === 1 ? 'row' : 'rows'}: see the notes below.`,
    );
  if (sentences.length === 0 && confidence.reconciled_share !== null)
    sentences.push('The running balance agreed with the columns as read: it decided nothing.');
  return sentences;
}

/** 'Row 13 · 14 Mar, 2025 · page 2', or 'Whole statement'. */
export function noteLocation(note: StatementNoteData, sourceName: 'Page' | 'Sheet'): string {
  if (note.row === null) return 'Whole statement';
  return [
    `Row ${note.row}`,
    formatDate(note.date),
    note.page === null ? null : `${sourceName.toLowerCase()} ${note.page}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
