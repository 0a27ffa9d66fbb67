import type { StatementExtraction } from '@levy/contracts';
import { describe, expect, it } from 'vitest';
import { categorySplit } from './analysis-charts';
import { boundsOf, placeSpans } from './coverage-timeline';
import { columnChoices, sourceLinesOf, toColumnMapping } from './extraction';
import { daysBetween, formatPeriodRange } from './period';
import { describeProgress, isSettling } from './statement-status';
import { defaultTransactionQuery, toTransactionParams } from './transaction-query';

describe('transactions query → the call’s params', () => {
  it('sends the page, the order and the search, oldest first by default', () => {
    const state = { ...defaultTransactionQuery(), search: { key: 'narration', value: '  dstv ' } };
    expect(toTransactionParams(state, 2)).toEqual({
      page: 2,
      count: 20,
      order_by: 'date',
      is_asc: true,
      search: 'dstv',
    });
  });

  it('turns the filter popover’s filters into category, type, amount range and calendar days', () => {
    const state = {
      ...defaultTransactionQuery(),
      sort: { key: 'amount' as const, direction: 'desc' as const },
      filters: [
        { field: 'category', value: 'pos' },
        { field: 'type', value: 'debit' },
        { field: 'amount', value: '5000', cond_op: '>=' as const },
        { field: 'amount', value: '20000.50', cond_op: '<=' as const },
        { field: 'date', value: new Date(2025, 4, 3, 0, 0).toISOString(), cond_op: '>=' as const },
        { field: 'date', value: new Date(2025, 4, 9, 23, 59, 59).toISOString(), cond_op: '<=' as const },
      ],
    };
    expect(toTransactionParams(state, 1)).toEqual({
      page: 1,
      count: 20,
      order_by: 'amount',
      is_asc: false,
      category: 'pos',
      type: 'debit',
      amount_min: '5000',
      amount_max: '20000.50',
      date_from: '2025-05-03',
      date_to: '2025-05-09',
      date_preset: 'custom',
    });
  });

  it('keeps a chosen period preset (counted back from the statement’s last day)', () => {
    const state = { ...defaultTransactionQuery(), filters: [{ field: 'date_preset', value: 'last_30_days' }] };
    expect(toTransactionParams(state, 1)).toMatchObject({ date_preset: 'last_30_days' });
  });
});

const line = (y: number, texts: string[]): StatementExtraction['lines'][number] => ({
  y,
  height: 10,
  text: texts.join('  '),
  cells: texts.map((text, index) => ({ text, x: index * 100, width: 80 })),
});
const row = (index: number, y: number) => ({ index, y }) as StatementExtraction['rows'][number];

describe('extraction', () => {
  const lines = [
    line(40, ['GUARANTY TRUST BANK']),
    line(100, ['Trans. Date', 'Remarks', 'Debits', 'Credits', 'Balance']),
    line(120, ['01-May-2025', 'POS PURCHASE @', '24,442.00', '', '825,558.00']),
    line(132, ['', 'JUSTRITE ABULE EGBA']),
    line(150, ['02-May-2025', 'AIRTIME', '3,384.00', '', '822,174.00']),
    line(700, ['Page 1 of 4']),
  ];
  const rows = [row(0, 120), row(1, 150)];

  it('highlights a row’s lines down to where the next row starts', () => {
    expect([...sourceLinesOf(rows[0], rows, lines)]).toEqual([2, 3]);
  });

  it('takes at most three lines for the last row on a page, leaving the footer out', () => {
    expect([...sourceLinesOf(rows[1], rows, lines)]).toEqual([4]);
  });

  it('names the mapping’s columns after the header line', () => {
    const choices = columnChoices(lines, { date: 'Trans. Date', narration: 'Remarks' });
    expect(choices.map((choice) => choice.label)).toEqual([
      'Column 1 · Trans. Date',
      'Column 2 · Remarks',
      'Column 3 · Debits',
      'Column 4 · Credits',
      'Column 5 · Balance',
    ]);
  });

  it('sends only the mapped columns, as numbers', () => {
    expect(
      toColumnMapping({
        date: '0',
        value_date: null,
        narration: '1',
        reference: '',
        debit: '2',
        credit: '3',
        amount: null,
        type: null,
        balance: '4',
        channel: null,
        counterparty: null,
      }),
    ).toEqual({ date: 0, narration: 1, debit: 2, credit: 3, balance: 4 });
  });
});

describe('coverage time line', () => {
  it('places statements, gaps and overlaps on one scale of whole days', () => {
    const spans = [
      { from: '2025-01-01', to: '2025-01-31' },
      { from: '2025-02-11', to: '2025-03-02' },
    ];
    const bounds = boundsOf(spans)!;
    expect(bounds).toEqual({ from: '2025-01-01', to: '2025-03-02' });
    const [january, later] = placeSpans(spans, (span) => span, bounds);
    expect(january.left).toBe(0);
    expect(january.width).toBeCloseTo((31 / 61) * 100);
    expect(later.left).toBeCloseTo((41 / 61) * 100);
    expect(later.left + later.width).toBeCloseTo(100);
  });

  it('counts both ends of a period', () => {
    expect(daysBetween('2025-01-01', '2025-01-01')).toBe(1);
    expect(formatPeriodRange('2025-05-01', '2025-06-27')).toBe('01 May, 2025 – 27 Jun, 2025');
    expect(formatPeriodRange(null, null)).toBe('');
  });
});

describe('analysis and status', () => {
  it('splits categories into money out and money in, largest first, leaving out empty sides', () => {
    const split = categorySplit([
      { category: 'pos', label: 'POS', count: 4, debits: '1200.00', credits: '0.00' },
      { category: 'transfer_out', label: 'Transfers out', count: 2, debits: '50000.00', credits: '0.00' },
      { category: 'transfer_in', label: 'Transfers in', count: 3, debits: '0.00', credits: '90000.00' },
    ]);
    expect(split.out.map((bar) => bar.label)).toEqual(['Transfers out', 'POS']);
    expect(split.in).toEqual([{ label: 'Transfers in', count: 3, value: 90000 }]);
  });

  it('says which page is being read, and polls only while queued or processing', () => {
    expect(describeProgress({ stage: 'reading', done: 3, total: 12 })).toBe('Reading pages 3 of 12');
    expect(describeProgress({ stage: 'checking', done: 0, total: 0 })).toBe('Checking balances');
    expect(isSettling('processing')).toBe(true);
    expect(isSettling('analysed')).toBe(false);
    expect(isSettling('failed')).toBe(false);
  });
});
