import type { StatementTransaction } from '@levy/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ExtractedRows } from './extracted-rows';
import { renderWithProviders } from '../../../test/render';

const row: StatementTransaction = {
  index: 0,
  date: '2025-01-01',
  value_date: '2025-01-01',
  narration: 'POS PURCHASE @ JUSTRITE ABULE EGBA',
  reference: '001100000001',
  type: 'debit',
  debit: '24442.00',
  credit: '0.00',
  amount: '24442.00',
  balance: '825558.00',
  channel: 'E-CHANNELS',
  counterparty: 'JUSTRITE ABULE EGBA',
  category: 'pos',
  category_label: 'POS',
  charge_kind: null,
  page: 1,
  y: 120,
  is_corrected: false,
};

describe('Rows read from a page', () => {
  it('selects a row to show its source, and corrects its category in place', async () => {
    const onSelect = vi.fn();
    const onCorrectCategory = vi.fn();
    renderWithProviders(
      <ExtractedRows
        rows={[row]}
        selectedIndex={null}
        onSelect={onSelect}
        canCorrect
        savingIndex={null}
        onCorrectCategory={onCorrectCategory}
      />,
    );
    expect(screen.getByText('−₦24,442.00')).toBeInTheDocument();
    expect(screen.getByText('Bal. ₦825,558.00')).toBeInTheDocument();
    fireEvent.click(screen.getByText('POS PURCHASE @ JUSTRITE ABULE EGBA'));
    expect(onSelect).toHaveBeenCalledWith(0);
    fireEvent.click(screen.getByRole('combobox', { name: 'Category of row 1' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bills and utilities', hidden: true }));
    expect(onCorrectCategory).toHaveBeenCalledWith(row, 'bills_utilities');
  });

  it('shows the category without a picker to those who may not change the statement', () => {
    renderWithProviders(
      <ExtractedRows
        rows={[{ ...row, is_corrected: true }]}
        selectedIndex={0}
        onSelect={() => undefined}
        canCorrect={false}
        savingIndex={null}
        onCorrectCategory={() => undefined}
      />,
    );
    expect(screen.queryByRole('combobox', { name: 'Category of row 1' })).not.toBeInTheDocument();
    expect(screen.getByText('Corrected')).toBeInTheDocument();
    expect(screen.getByRole('row', { selected: true })).toHaveTextContent('POS');
  });
});
