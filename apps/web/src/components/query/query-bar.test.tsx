import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftToFilters, FilterPopover, type FilterField } from './filter-popover';
import { QueryBar, SEARCH_DEBOUNCE_MS } from './query-bar';
import { defaultQueryState, type QueryState } from './query-state';
import { renderWithProviders } from '../../test/render';

describe('QueryBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches 1500 ms after the last keystroke', () => {
    const onChange = vi.fn();
    renderWithProviders(<QueryBar value={defaultQueryState()} onChange={onChange} searchLabel="Search members" />);
    const search = screen.getByRole('textbox', { name: 'Search members' });
    fireEvent.change(search, { target: { value: 'ad' } });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    fireEvent.change(search, { target: { value: 'ada' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect((onChange.mock.calls[0][0] as QueryState).search).toEqual({ key: 'name', value: 'ada' });
  });

  it('shows the sort in force with a reset that restores newest first', () => {
    const onChange = vi.fn();
    const sorted: QueryState = { ...defaultQueryState(), sort: { key: 'name', direction: 'asc' } };
    renderWithProviders(<QueryBar value={sorted} onChange={onChange} />);
    expect(screen.getByText('Sorted by Name: Ascending')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset sort' }));
    expect((onChange.mock.calls[0][0] as QueryState).sort).toEqual({ key: 'created_at', direction: 'desc' });
  });

  it('hides the sort chip for the default sort and offers a refresh with its tooltip label', () => {
    const onRefresh = vi.fn();
    renderWithProviders(<QueryBar value={defaultQueryState()} onChange={() => undefined} onRefresh={onRefresh} />);
    expect(screen.queryByText(/Sorted by/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh data' }));
    expect(onRefresh).toHaveBeenCalled();
  });
});

describe('filter draft → list filters', () => {
  const fields = [
    { type: 'date-range' as const, field: 'created_at', label: 'Date created' },
    { type: 'select' as const, field: 'status', label: 'Status', options: [{ value: 'active', label: 'Active' }] },
  ];

  it('turns a date range into >= start of day and <= end of day, and a choice into equality', () => {
    const filters = draftToFilters(fields, {
      created_at: { range: ['2025-11-03', '2025-11-09'] },
      status: { value: 'active' },
    });
    expect(filters).toHaveLength(3);
    expect(filters[0]).toMatchObject({ field: 'created_at', cond_op: '>=' });
    expect(new Date(String(filters[0].value)).getHours()).toBe(0);
    expect(filters[1]).toMatchObject({ field: 'created_at', cond_op: '<=' });
    expect(new Date(String(filters[1].value)).getHours()).toBe(23);
    expect(filters[2]).toEqual({ field: 'status', value: 'active' });
  });

  it('turns an amount range into >= from and <= to, either end optional', () => {
    const amount = [{ type: 'amount-range' as const, field: 'amount', label: 'Amount' }];
    expect(draftToFilters(amount, { amount: { amounts: ['5000', '20000.5'] } })).toEqual([
      { field: 'amount', value: '5000', cond_op: '>=' },
      { field: 'amount', value: '20000.5', cond_op: '<=' },
    ]);
    expect(draftToFilters(amount, { amount: { amounts: ['', '100'] } })).toEqual([
      { field: 'amount', value: '100', cond_op: '<=' },
    ]);
  });

  it('leaves out empty fields', () => {
    expect(draftToFilters(fields, { created_at: { range: [null, null] }, status: { value: null } })).toEqual([]);
  });
});

describe('FilterPopover', () => {
  const fields: FilterField[] = [
    {
      type: 'select',
      field: 'type',
      label: 'Type',
      options: [
        { value: 'credit', label: 'Credit (money in)' },
        { value: 'debit', label: 'Debit (money out)' },
      ],
    },
    {
      type: 'select',
      field: 'status',
      label: 'Status',
      options: [
        { value: 'success', label: 'Successful' },
        { value: 'pending', label: 'Pending' },
        { value: 'failed', label: 'Failed' },
      ],
    },
  ];

  it('offers each choice as a named radio, and applies the ones picked', async () => {
    const onApply = vi.fn();
    renderWithProviders(<FilterPopover fields={fields} activeCount={0} onApply={onApply} />);
    const opener = screen.getByRole('button', { name: 'Filter' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(opener);
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    // happy-dom lays nothing out, so the popover hides its dropdown as detached: query hidden nodes.
    const debit = await screen.findByRole('radio', { name: 'Debit (money out)', hidden: true });
    expect(screen.getByRole('radiogroup', { name: 'Type', hidden: true })).toContainElement(debit);
    expect(
      within(screen.getByRole('radiogroup', { name: 'Status', hidden: true })).getByRole('radio', {
        name: 'Any',
        hidden: true,
      }),
    ).toBeChecked();
    fireEvent.click(debit);
    fireEvent.click(screen.getByRole('radio', { name: 'Failed', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply', hidden: true }));
    expect(onApply).toHaveBeenCalledWith([
      { field: 'type', value: 'debit' },
      { field: 'status', value: 'failed' },
    ]);
  });
});
