import { describe, expect, it } from 'vitest';
import { presetRange, wholeDays } from './date-presets';
import { defaultQueryState, isDefaultSort, sortDirectionLabel, sortLabel, toListParams } from './query-state';

describe('query state (docs/product.md §3, §9)', () => {
  it('defaults to newest first with search on name', () => {
    expect(defaultQueryState()).toEqual({
      search: { key: 'name', value: '' },
      sort: { key: 'created_at', direction: 'desc' },
      filters: [],
    });
  });

  it('labels date sorts Oldest/Newest first and name sorts Ascending/Descending', () => {
    expect(sortDirectionLabel('created_at', 'asc')).toBe('Oldest first');
    expect(sortDirectionLabel('created_at', 'desc')).toBe('Newest first');
    expect(sortDirectionLabel('done_at', 'desc')).toBe('Newest first');
    expect(sortDirectionLabel('name', 'asc')).toBe('Ascending');
    expect(sortDirectionLabel('name', 'desc')).toBe('Descending');
    expect(sortLabel({ key: 'done_at', direction: 'asc' })).toBe('Date added: Oldest first');
    expect(isDefaultSort({ key: 'name', direction: 'desc' })).toBe(false);
  });

  it('labels amount sorts Largest/Smallest first, and judges the default against a list’s own', () => {
    expect(sortDirectionLabel('amount', 'desc')).toBe('Largest first');
    expect(sortLabel({ key: 'amount', direction: 'asc' })).toBe('Amount: Smallest first');
    expect(isDefaultSort({ key: 'date', direction: 'asc' }, { key: 'date', direction: 'asc' })).toBe(true);
  });

  it('builds the list params: page, count, order, search and JSON filters', () => {
    const state = {
      search: { key: 'name', value: '  ada ' },
      sort: { key: 'name' as const, direction: 'asc' as const },
      filters: [{ field: 'status', value: 'invited' }],
    };
    expect(toListParams(state, 2)).toEqual({
      page: 2,
      count: 10,
      order_by: 'name',
      is_asc: true,
      search: 'ada',
      search_key: 'name',
      filters: JSON.stringify([{ field: 'status', value: 'invited' }]),
    });
    expect(toListParams(defaultQueryState(), 1)).toEqual({ page: 1, count: 10, order_by: 'created_at', is_asc: false });
  });
});

describe('date presets: weeks from Monday, whole days, never the future', () => {
  // Thursday 13 November 2025, mid-afternoon.
  const today = new Date(2025, 10, 13, 15, 30);
  const day = (date: Date) => [
    date.getFullYear(),
    date.getMonth() + 1,
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
  ];

  it('last week runs Monday 00:00 to Sunday 23:59 of the previous week', () => {
    const range = presetRange('last_week', today);
    expect(day(range.start)).toEqual([2025, 11, 3, 0, 0]);
    expect(day(range.end)).toEqual([2025, 11, 9, 23, 59]);
  });

  it('last week from a Sunday is still the week before the current Monday', () => {
    const range = presetRange('last_week', new Date(2025, 10, 16, 9));
    expect(day(range.start)).toEqual([2025, 11, 3, 0, 0]);
  });

  it('last month is the whole previous month', () => {
    const range = presetRange('last_month', today);
    expect(day(range.start)).toEqual([2025, 10, 1, 0, 0]);
    expect(day(range.end)).toEqual([2025, 10, 31, 23, 59]);
  });

  it('this month and this year stop at the end of today', () => {
    expect(day(presetRange('this_month', today).start)).toEqual([2025, 11, 1, 0, 0]);
    expect(day(presetRange('this_month', today).end)).toEqual([2025, 11, 13, 23, 59]);
    expect(day(presetRange('this_year', today).start)).toEqual([2025, 1, 1, 0, 0]);
    expect(day(presetRange('this_year', today).end)).toEqual([2025, 11, 13, 23, 59]);
  });

  it('a custom range covers whole days', () => {
    const range = wholeDays(new Date(2025, 0, 5, 12), new Date(2025, 0, 7, 8));
    expect(day(range.start)).toEqual([2025, 1, 5, 0, 0]);
    expect(range.end.getSeconds()).toBe(59);
  });
});
