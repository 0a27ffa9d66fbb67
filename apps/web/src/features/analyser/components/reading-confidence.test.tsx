import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReadingConfidence } from './reading-confidence';
import { renderWithProviders } from '../../../test/render';

const confidence = {
  checked_rows: 89,
  reconciled_rows: 89,
  reconciled_share: 1,
  columns_from: 'headings-and-figures' as const,
  decided_by_balance: 1,
  swapped_columns: false,
  explanation: [],
  unplaced_lines: [],
  unplaced_count: 0,
};

describe('How this statement was read', () => {
  it('shows the share of rows that reconcile, how the columns were placed and each note with its row, which opens its page', () => {
    const onShowRow = vi.fn();
    const notes = [
      {
        message: 'No amount was found on this row: the running balance’s change gives a debit of ₦1,200.00',
        row: 13,
        date: '2025-03-14',
        page: 2,
      },
      {
        message: 'The statement prints only value dates: rows are dated by their value date',
        row: null,
        date: null,
        page: null,
      },
    ];
    renderWithProviders(
      <ReadingConfidence confidence={confidence} notes={notes} sourceName="Page" onShowRow={onShowRow} />,
    );
    expect(screen.getByRole('region', { name: 'How this statement was read' })).toBeInTheDocument();
    expect(screen.getByTestId('reconciled-share')).toHaveTextContent('100%');
    expect(screen.getByText('Every row reconciles')).toBeInTheDocument();
    expect(screen.getByText('By their headings and where their figures stand')).toBeInTheDocument();
    expect(screen.getByText('Notes (2)')).toBeInTheDocument();
    expect(screen.getByText('Whole statement')).toBeInTheDocument();
    expect(screen.queryByText(/headings-and-figures/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Row 13 · 14 Mar, 2025 · page 2' }));
    expect(onShowRow).toHaveBeenCalledWith(13, 2);
    expect(screen.getByTestId('unplaced-lines')).toHaveTextContent(
      'Every line with a row’s figures or date was read into a transaction.',
    );
  });

  it('lists the lines it could not read with their page and line, apart from the verdict', () => {
    const unplaced = [
      { page: 3, line: 41, text: '04-Aug-2025  POS PURCHASE  5,000.00  12,500.00', reason: 'not placed in any row' },
      { page: 4, line: 7, text: '??  TRANSFER  250.00  12,250.00', reason: 'row left out: no date' },
    ];
    renderWithProviders(
      <ReadingConfidence
        confidence={{ ...confidence, unplaced_lines: unplaced, unplaced_count: 2 }}
        notes={[]}
        sourceName="Page"
        onShowRow={() => undefined}
      />,
    );
    expect(screen.getByText('2 lines could not be read into a transaction')).toBeInTheDocument();
    expect(screen.getByText(/not signs of editing/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Lines not read' });
    expect(list).toHaveTextContent(
      'Page 3, line 41: 04-Aug-2025 POS PURCHASE 5,000.00 12,500.00 (not placed in any row)',
    );
    expect(list).toHaveTextContent('Page 4, line 7: ?? TRANSFER 250.00 12,250.00 (row left out: no date)');
  });

  it('shows the first notes of many, then all on asking, and nothing before the statement is read', () => {
    const notes = Array.from({ length: 12 }, (_, index) => ({
      message: `Note ${index + 1}`,
      row: index + 1,
      date: '2025-01-02',
      page: 1,
    }));
    const { unmount } = renderWithProviders(
      <ReadingConfidence
        confidence={{ ...confidence, reconciled_share: 0.5, reconciled_rows: 44 }}
        notes={notes}
        sourceName="Sheet"
        onShowRow={() => undefined}
      />,
    );
    expect(screen.getByText('Many rows do not reconcile')).toBeInTheDocument();
    expect(screen.queryByText(': Note 12')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 12 notes' }));
    expect(screen.getByText(/Note 12/)).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <ReadingConfidence confidence={null} notes={[]} sourceName="Page" onShowRow={() => undefined} />,
    );
    expect(screen.queryByRole('region', { name: 'How this statement was read' })).not.toBeInTheDocument();
  });
});
