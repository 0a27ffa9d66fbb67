import { describe, expect, it } from 'vitest';
import { barLabel, nairaTick } from './analysis-charts';
import { formatStatementPeriod } from './period';
import { balanceSentences, confidenceLevel, formatShare, noteLocation, reconciledSentence } from './reading-confidence';
import { verdictDisplay } from './statement-status';

const confidence = {
  checked_rows: 200,
  reconciled_rows: 197,
  reconciled_share: 0.985,
  columns_from: 'headings-and-figures' as const,
  decided_by_balance: 2,
  swapped_columns: false,
  explanation: [],
  unplaced_lines: [],
  unplaced_count: 0,
};

describe('how sure the reading is, in words', () => {
  it('gives the share of rows that reconcile, never rounding a miss up to 100%', () => {
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0.985)).toBe('98.5%');
    expect(formatShare(0.9996)).toBe('99.9%');
    expect(reconciledSentence(confidence)).toBe(
      "197 of 200 rows: the amount and direction read give the balance printed on the row, to within the bank's one-kobo rounding.",
    );
    expect(reconciledSentence({ ...confidence, reconciled_share: null })).toMatch(/prints no running balance/);
    expect([1, 0.985, 0.5, null].map((share) => confidenceLevel({ reconciled_share: share }))).toEqual([
      'high',
      'fair',
      'low',
      'unchecked',
    ]);
  });

  it('says what the running balance decided, and where each note is', () => {
    expect(balanceSentences(confidence)).toEqual([
      'The running balance gave the amount or the direction of 2 rows: see the notes below.',
    ]);
    expect(balanceSentences({ ...confidence, decided_by_balance: 0, swapped_columns: true })[0]).toMatch(
      /the other way round from their headings/,
    );
    expect(balanceSentences({ ...confidence, decided_by_balance: 0 })).toEqual([
      'The running balance agreed with the columns as read: it decided nothing.',
    ]);
    expect(noteLocation({ message: 'x', row: 13, date: '2025-03-14', page: 2 }, 'Page')).toBe(
      'Row 13 · 14 Mar, 2025 · page 2',
    );
    expect(noteLocation({ message: 'x', row: null, date: null, page: null }, 'Sheet')).toBe('Whole statement');
  });
});

describe('screen and report wording', () => {
  it('writes axis figures with the sign before the naira sign, and cuts long bar labels keeping the count', () => {
    expect(nairaTick(-350_000)).toBe('-₦350K');
    expect(nairaTick(1_200_000)).toBe('₦1.2M');
    expect(barLabel('MTN NIGERIA COMMUNICATIONS PLC LAGOS (12)')).toBe('MTN NIGERIA COMMUNI… (12)');
    expect(barLabel('Transfers out (3)')).toBe('Transfers out (3)');
  });

  it('says when the period is not printed, and that a spreadsheet’s verdict is about its arithmetic', () => {
    expect(formatStatementPeriod('2025-01-01', '2025-01-31', 'printed')).toBe('01 Jan, 2025 – 31 Jan, 2025');
    expect(formatStatementPeriod('2025-01-03', '2025-01-29', 'transactions')).toBe(
      '03 Jan, 2025 – 29 Jan, 2025 (first to last transaction: no period printed)',
    );
    expect(verdictDisplay('consistent', false).label).toBe('Consistent');
    expect(verdictDisplay('consistent', true)).toMatchObject({
      label: 'Arithmetic consistent',
      color: 'green',
      meaning: expect.stringMatching(/cannot be authenticated/),
    });
  });
});
